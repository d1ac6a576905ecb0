import Foundation
import Git
import HolderCore

extension Store {
  /// What merging `remote` into `local` gives, computed in memory; nothing is written.
  struct PlannedMerge {
    var outcome: MergeOutcome
    /// The local side as read from its tree (only the bookmarks at `paths`, when set).
    var ours: TreeSnapshot
    /// The bookmark paths read of each side; nil when every bookmark was read.
    ///
    /// The outcome then holds only the bookmarks at those paths: every other one stays as
    /// ours has it.
    var paths: Set<String>?
    /// Changes to files that are not bookmarks, taken from the remote side.
    var otherFiles: [String: TreeChange]
  }

  /// Merges the remote head into the branch: computed in memory, then one merge commit.
  func merge(
    reference: String, local: ObjectID, remote: ObjectID, options: SyncOptions,
    handEdits: HandEditOutcome
  ) throws(StoreError) -> SyncReport {
    let planned = try plannedMerge(local: local, remote: remote, options: options)
    let outcome = planned.outcome
    if options.dryRun {
      return SyncReport(
        kind: .merged, handEdits: handEdits, resolutions: outcome.resolutions,
        incoming: BookmarkDiff.changes(before: planned.ours.bookmarks, after: outcome.bookmarks))
    }
    var changes = try bookmarkChanges(to: outcome, from: planned.ours)
    for (path, change) in planned.otherFiles { changes[path] = change }
    let message = mergeMessage(remote: options.remote, resolutions: outcome.resolutions)
    let commit: ObjectID
    do {
      let tree = try repository.tree(applying: changes, to: try repository.commit(local).tree)
      let signature = try commitSignature()
      commit = try repository.createCommit(
        tree: tree, parents: [local, remote], author: signature, committer: signature,
        message: withDeviceTrailer(message))
    } catch {
      throw .wrapping(error, during: "merge")
    }
    try moveBranch(reference, from: local, to: commit, message: "sync: merge")
    return SyncReport(
      kind: .merged, handEdits: handEdits, resolutions: outcome.resolutions,
      incoming: BookmarkDiff.changes(before: planned.ours.bookmarks, after: outcome.bookmarks))
  }

  /// Reads the three sides and merges them in memory (DESIGN §5).
  ///
  /// `incremental` reads only what changed since the merge base (`changedSides`); false reads
  /// every bookmark of every side, the reference the incremental merge must equal. What
  /// `remote` brings is checked first (`checkIncoming`); `source` names where it came from
  /// when that is not the remote of `options`.
  func plannedMerge(
    local: ObjectID, remote: ObjectID, options: SyncOptions, incremental: Bool = true,
    source: RefusedTree.Source? = nil
  ) throws(StoreError) -> PlannedMerge {
    let base: ObjectID?
    do {
      base = try repository.mergeBase(local, remote)
    } catch {
      throw .git(error)
    }
    if base == nil && !options.allowUnrelated {
      throw .sync(.unrelatedHistories(remote: options.remote))
    }
    try checkIncoming(
      tip: remote, against: base, stopAt: base, source: source ?? .remote(options.remote))
    let localTree = try tree(ofCommit: local)
    let remoteTree = try tree(ofCommit: remote)
    let baseTree = try base.map { id throws(StoreError) in try tree(ofCommit: id) }
    var inputs: MergeInputs? = nil
    if incremental, let baseTree {
      inputs = try changedSides(
        base: baseTree, ours: localTree, oursCommit: local, theirs: remoteTree,
        fallbackSettings: settings)
    }
    if inputs == nil {
      do {
        let ours = try TreeSnapshot(
          repository: repository, tree: localTree, fallbackSettings: settings)
        inputs = MergeInputs(
          base: try TreeSnapshot(
            repository: repository, tree: baseTree,
            fallbackSettings: StoreSettings(lastModified: Timestamp(millisecondsSince1970: 0))),
          ours: ours,
          theirs: try TreeSnapshot(
            repository: repository, tree: remoteTree, fallbackSettings: ours.settings),
          paths: nil)
      } catch {
        throw .git(error)
      }
    }
    guard let inputs else { throw .sync(.nothingToSync) }
    let (original, ours, theirs) = (inputs.base, inputs.ours, inputs.theirs)
    let outcome = StoreMerge.merge(
      base: MergeSide(bookmarks: original.bookmarks, settings: original.settings),
      ours: MergeSide(
        bookmarks: ours.bookmarks, settings: ours.settings,
        deletionTimes: try deletionTimes(from: local, to: base)),
      theirs: MergeSide(
        bookmarks: theirs.bookmarks, settings: theirs.settings,
        deletionTimes: try deletionTimes(from: remote, to: base)))
    let kept = Set(outcome.bookmarks.map(\.id))
    let deleted = ours.bookmarks.filter { !kept.contains($0.id) }.count
    try checkMassDelete(deleted: deleted, options: options) { () throws(StoreError) in
      inputs.paths == nil
        ? ours.bookmarks.count : try bookmarkCount(inTree: localTree, upTo: deleted * 5)
    }
    return PlannedMerge(
      outcome: outcome, ours: ours, paths: inputs.paths,
      otherFiles: try otherFileChanges(base: baseTree, ours: localTree, theirs: remoteTree))
  }

  /// The tree changes that turn the bookmarks and settings of `current` into `outcome`'s.
  func bookmarkChanges(to outcome: MergeOutcome, from current: TreeSnapshot)
    throws(StoreError) -> [String: TreeChange]
  {
    var changes: [String: TreeChange] = [:]
    var wanted: Set<String> = []
    let present = Dictionary(current.bookmarks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for bookmark in outcome.bookmarks {
      let path = BookmarkPath.relativePath(forNormalizedURL: bookmark.url)
      wanted.insert(path)
      if present[bookmark.id] != bookmark || current.paths[bookmark.id] != path {
        changes[path] = .upsert(try blob(BookmarkCodec.encode(bookmark)), kind: .blob)
      }
    }
    for (_, path) in current.paths where !wanted.contains(path) { changes[path] = .remove }
    if outcome.settings != current.settings {
      changes[Layout.settings] = .upsert(
        try blob(StoreSettingsCodec.encode(outcome.settings)), kind: .blob)
    }
    return changes
  }

  /// Moves the branch from `old` to `new`: the work tree first (refusing to overwrite an
  /// uncommitted change), then a compare-and-swap on the branch, then git's index.
  ///
  /// `overwriting` lists paths whose work-tree content may be replaced (the leftovers of a
  /// merge git stopped on).
  func moveBranch(
    _ reference: String, from old: ObjectID, to new: ObjectID, message: String,
    overwriting: Set<String> = []
  ) throws(StoreError) {
    var entries: [TreeDiff.Entry]
    do {
      let newTree = try repository.commit(new).tree
      entries = try TreeDiff(repository: repository).files(
        under: "", from: try repository.commit(old).tree, to: newTree)
      let covered = Set(entries.map(\.path))
      for path in overwriting.subtracting(covered).sorted() {
        let entry = try repository.entry(atPath: path, inTree: newTree)
        entries.append(TreeDiff.Entry(path: path, old: nil, new: entry?.id))
      }
    } catch {
      throw .git(error)
    }
    var writes: [String: [UInt8]] = [:]
    var removals: Set<String> = []
    for entry in entries {
      let (folder, name) = split(entry.path)
      let current = try? rootDirectory.directory(folder).readFile(name)
      let committed: [UInt8]?
      do {
        committed = try entry.old.map { id throws(GitError) in try repository.blob(id) }
        if let id = entry.new { writes[entry.path] = try repository.blob(id) }
      } catch {
        throw .git(error)
      }
      if current != committed && !overwriting.contains(entry.path) {
        throw .sync(.localChangesInTheWay(path: entry.path))
      }
      if entry.new == nil { removals.insert(entry.path) }
    }
    let change = Change(message: message, writes: writes, removals: removals)
    Durability.fsyncEachWrite(!change.isBulk)
    try applyToWorkTree(change)
    if change.isBulk { syncFileSystems() }
    do {
      try repository.updateReference(reference, to: new, expected: old, logMessage: message)
    } catch {
      throw .git(error)
    }
    try updateIndex(for: change)
    try updateTagViews(after: entries, from: old, complete: overwriting.isEmpty)
  }

  /// Files outside `bookmarks/` and store.json merged as git would by content: one side's
  /// change is taken; both sides changing a file differently stops the sync.
  private func otherFileChanges(base: ObjectID?, ours: ObjectID, theirs: ObjectID)
    throws(StoreError) -> [String: TreeChange]
  {
    var result: [String: TreeChange] = [:]
    do {
      let diff = TreeDiff(repository: repository)
      let theirChanges = try diff.files(under: "", from: base, to: theirs)
      for entry in theirChanges
      where !entry.path.hasPrefix(Layout.bookmarks + "/") && entry.path != Layout.settings {
        let mine = try repository.entry(atPath: entry.path, inTree: ours)
        if mine?.id == entry.new { continue }
        guard mine?.id == entry.old else {
          throw StoreError.sync(.conflictInFile(path: entry.path))
        }
        result[entry.path] = entry.new.map { .upsert($0, kind: .blob) } ?? .remove
      }
    } catch {
      throw .wrapping(error, during: "merge")
    }
    return result
  }

  /// When each bookmark of the base was deleted on the side whose head is `head` (DESIGN §5):
  /// the author time of the newest first-parent commit that removed its file.
  private func deletionTimes(from head: ObjectID, to base: ObjectID?) throws(StoreError)
    -> [BookmarkID: Timestamp]
  {
    var result: [BookmarkID: Timestamp] = [:]
    var current: ObjectID? = head
    var steps = 0
    while let id = current, id != base, steps < 10_000 {
      steps += 1
      let commit: Commit
      do {
        commit = try repository.commit(id)
      } catch {
        throw .git(error)
      }
      for change in try changes(in: commit) where change.kind == .deleted {
        if let deleted = change.id, result[deleted] == nil {
          result[deleted] = Timestamp(millisecondsSince1970: commit.author.time * 1000)
        }
      }
      current = commit.parents.first
    }
    return result
  }

  /// Stops a sync that would delete more than 20 % and at least 20 of the bookmarks; `total`
  /// is asked only then.
  func checkMassDelete(
    deleted: Int, options: SyncOptions, total: () throws(StoreError) -> Int
  ) throws(StoreError) {
    guard !options.allowMassDelete && !options.dryRun && deleted >= 20 else { return }
    let total = try total()
    if deleted * 5 > total {
      throw .sync(.massDelete(deleted: deleted, total: total))
    }
  }

  private func mergeMessage(remote: String, resolutions: [Resolution]) -> String {
    let subject = "Sync with \(remote)"
    guard !resolutions.isEmpty else { return subject }
    let count =
      resolutions.count == 1 ? "1 conflict settled" : "\(resolutions.count) conflicts settled"
    return subject + " (\(count))\n\n"
      + resolutions.map { "- " + $0.summary }.joined(separator: "\n")
  }

  private func blob(_ bytes: [UInt8]) throws(StoreError) -> ObjectID {
    do {
      return try repository.writeBlob(bytes)
    } catch {
      throw .git(error)
    }
  }

  /// The root tree of a commit.
  func tree(ofCommit id: ObjectID) throws(StoreError) -> ObjectID {
    do {
      return try repository.commit(id).tree
    } catch {
      throw .git(error)
    }
  }

  /// Refuses a remote on this machine that is a work tree rather than a bare repository.
  func checkRemoteIsUsable(_ remote: String) throws(StoreError) {
    let url: String?
    do {
      url = try repository.remoteURL(remote) ?? remote
    } catch {
      throw .git(error)
    }
    guard var path = url else { return }
    if path.hasPrefix("file://") { path.removeFirst("file://".count) }
    guard path.hasPrefix("/") || path.hasPrefix(".") else { return }
    if FileManager.default.fileExists(atPath: path + "/.git") {
      throw .sync(.remoteNotBare(path: path))
    }
  }
}
