import Git
import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Settling a merge plain git made (`git pull`) or stopped on: the store merge of its two
/// sides, committed as "Settle merge from git", never over an uncommitted change.
extension SyncEngine {
  /// Finishes a merge made by plain git (DESIGN §3), as `Store.open(at:for: .write)` does:
  /// what a per-file merge driver cannot see — ids matched across paths, two ids with one
  /// URL, delete against change, tag renames — is settled by the store merge and committed as
  /// "Settle merge from git".
  ///
  /// Two cases: HEAD is a merge commit holder-git did not make (a `git pull` that merged
  /// cleanly file by file), or git stopped mid-merge on a conflict (a bookmark deleted on one
  /// side and changed on the other). Returns the resolutions, or nil when there was nothing
  /// to settle.
  func settleMergeFromGit() throws(StoreError) -> [Resolution]? {
    guard store.isWritable else { return nil }
    // A plain `.git` with no merge under way says so without libgit2.
    if store.plainGit?.hasNoOperationInProgress != true, store.repository.state() == .merge {
      return try store.withTransaction(.lockOnly) { _ throws(StoreError) -> [Resolution]? in
        try settleMergeInProgress()
      }
    }
    guard let head = try store.commitReader.currentHead(), !settledAlready(head) else { return nil }
    let commit: Commit = try git { () throws(GitError) in try store.repository.commit(head) }
    guard isMergeFromGit(commit) else {
      markSettled(head)
      return nil
    }
    // The pass that follows a plain `git pull`: the views follow what it brought in.
    return try store.withTransaction(.viewsCurrent) { _ throws(StoreError) -> [Resolution]? in
      let result = try settle(
        ours: commit.parents[0], theirs: commit.parents[1], onto: head, parents: [head],
        conflicted: [])
      markSettled(try store.commitReader.currentHead() ?? head)
      return result
    }
  }

  /// True when `settleMergeFromGit` has a merge to settle; asked without writing.
  func hasUnsettledMergeFromGit() -> Bool {
    guard store.isWritable else { return false }
    if store.plainGit?.hasNoOperationInProgress != true, store.repository.state() == .merge {
      return true
    }
    guard let head = try? store.commitReader.currentHead(), !settledAlready(head),
      let commit = try? store.repository.commit(head)
    else { return false }
    return isMergeFromGit(commit)
  }

  /// Records `head` (HEAD after a write) as needing no settling unless it is a merge plain
  /// git made: reads need not ask again (nor start libgit2 to).
  func markSettledUnlessMergeFromGit(_ head: ObjectID) {
    guard !settledAlready(head), let commit = try? store.repository.commit(head),
      !isMergeFromGit(commit)
    else { return }
    markSettled(head)
  }

  /// True for a merge of two parents that holder-git did not make: the one kind settled.
  private func isMergeFromGit(_ commit: Commit) -> Bool {
    commit.parents.count == 2 && !madeByHolderGit(commit)
  }

  private func settleMergeInProgress() throws(StoreError) -> [Resolution]? {
    let head: ObjectID?
    let mergeHead: ObjectID?
    let entries: [StatusEntry]
    do {
      head = try store.commitReader.currentHead()
      mergeHead = try store.repository.resolveReference("MERGE_HEAD")
      entries = try store.repository.status(pathspecs: nil)
    } catch {
      throw .wrapping(error, during: "settle")
    }
    guard let head, let mergeHead else { return nil }
    let conflicted = entries.filter { $0.inIndex == .conflicted }.map(\.path)
    if let other = conflicted.first(where: {
      !$0.hasPrefix(Layout.bookmarks + "/") && $0 != Layout.settings
    }) {
      throw .sync(.conflictInFile(path: other))
    }
    try ensureNoLocalChanges(in: conflicted, ours: head, theirs: mergeHead)
    // Everything git staged or left conflicted is the merge's own work in progress, which
    // the settled result replaces; git refuses to start a merge over local changes to the
    // files it writes.
    let merged = entries.filter { $0.inIndex != nil }.map(\.path)
    let result = try settle(
      ours: head, theirs: mergeHead, onto: head, parents: [head, mergeHead],
      conflicted: merged)
    try git { () throws(GitError) in try store.repository.cleanupState() }
    return result ?? []
  }

  /// Throws when a bookmark git stopped on as changed here and deleted there holds more than
  /// this side's commit: git need not write that file, so it starts the merge over an
  /// uncommitted change to it, which the settled result would remove unseen.
  private func ensureNoLocalChanges(in conflicted: [String], ours: ObjectID, theirs: ObjectID)
    throws(StoreError)
  {
    let paths = conflicted.filter { $0.hasPrefix(Layout.bookmarks + "/") }
    guard !paths.isEmpty else { return }
    let (oursTree, theirTree) = (
      try store.commitReader.tree(ofCommit: ours), try store.commitReader.tree(ofCommit: theirs)
    )
    for path in paths {
      guard let committed = try store.commitReader.committedBytes(at: path, in: oursTree),
        try store.commitReader.committedBytes(at: path, in: theirTree) == nil
      else { continue }
      guard let current = store.rootDirectory.readFile(atStorePath: path) else { continue }
      if current != committed { throw .sync(.localChangesInGitMerge(path: path)) }
    }
  }

  /// Commits on top of `onto` the tree the store merge of `ours` and `theirs` gives, when it
  /// differs (or always, when finishing a merge in progress).
  private func settle(
    ours: ObjectID, theirs: ObjectID, onto: ObjectID, parents: [ObjectID], conflicted: [String]
  ) throws(StoreError) -> [Resolution]? {
    let options = SyncOptions(remote: "git", allowUnrelated: true, allowMassDelete: true)
    let planned = try plannedMerge(
      local: ours, remote: theirs, options: options, source: .gitMerge)
    let current: TreeSnapshot
    let ontoTree = try store.commitReader.tree(ofCommit: onto)
    do {
      if var paths = planned.paths {
        // Besides what the merge read: what git's merge changed, and where the outcome goes.
        let oursTree = try store.repository.commit(ours).tree
        let gitChanges = try TreeDiff(repository: store.repository).files(
          under: Layout.bookmarks, from: oursTree, to: ontoTree)
        paths.formUnion(gitChanges.map(\.path))
        paths.formUnion(
          planned.outcome.bookmarks.map { BookmarkPath.relativePath(forNormalizedURL: $0.url) })
        current = try TreeSnapshot(
          repository: store.repository, tree: ontoTree, paths: paths.sorted(),
          fallbackSettings: store.settings)
      } else {
        current = try TreeSnapshot(
          repository: store.repository, tree: ontoTree, fallbackSettings: store.settings)
      }
    } catch {
      throw .git(error)
    }
    var (changes, pack) = try bookmarkChanges(to: planned.outcome, from: current)
    for (path, change) in planned.otherFiles { changes[path] = change }
    let message =
      "Settle merge from git"
      + (planned.outcome.resolutions.isEmpty
        ? ""
        : "\n\n" + planned.outcome.resolutions.map { "- " + $0.summary }.joined(separator: "\n"))
    // With one parent (git's merge is HEAD already) a tree that did not change is no commit.
    let made = try commitMerge(
      changes, message: message, reference: currentReference(), parents: parents,
      overwriting: Set(conflicted), pack: pack)
    return made ? planned.outcome.resolutions : nil
  }

  private func currentReference() throws(StoreError) -> String {
    do {
      if case .branch(let reference, _) = try store.repository.head() { return reference }
    } catch {
      throw .git(error)
    }
    throw .write(.detachedHead)
  }

  private func madeByHolderGit(_ commit: Commit) -> Bool {
    let subject = CommitTrailer.subject(of: commit.message)
    return subject.hasPrefix("Sync with ") || subject.hasPrefix("Settle merge from git")
  }

  private func settledAlready(_ head: ObjectID) -> Bool {
    guard let recorded = try? store.rootDirectory.directory(Layout.local).readFile("settled-head")
    else { return false }
    return String(decoding: recorded, as: UTF8.self) == head.hex
  }

  private func markSettled(_ head: ObjectID) {
    try? store.rootDirectory.directory(Layout.local, create: true)
      .writeFileAtomically("settled-head", Array(head.hex.utf8), durable: false)
  }
}
