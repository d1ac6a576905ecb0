import Git
import HolderCore

/// A merge's plan, computed in memory before anything is written: the three sides read (only
/// what changed since the base, when it can), the incoming tree checked, the bookmarks merged
/// by DESIGN §5, when each was deleted or changed with plain git (from each side's history),
/// the mass-delete check, and the other files' changes.
extension SyncEngine {
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
    let base: ObjectID? = try git { () throws(GitError) in
      try store.repository.mergeBase(local, remote)
    }
    if base == nil && !options.allowUnrelated {
      throw .sync(.unrelatedHistories(remote: options.remote))
    }
    try store.incomingTreeGate.checkIncoming(
      tip: remote, against: base, stopAt: base, source: source ?? .remote(options.remote))
    let localTree = try store.commitReader.tree(ofCommit: local)
    let remoteTree = try store.commitReader.tree(ofCommit: remote)
    let baseTree = try base.map { id throws(StoreError) in try store.commitReader.tree(ofCommit: id)
    }
    var inputs: MergeInputs? = nil
    if incremental, let baseTree {
      inputs = try changedSides(
        base: baseTree, ours: localTree, oursCommit: local, theirs: remoteTree,
        fallbackSettings: store.settings)
    }
    if inputs == nil {
      do {
        let ours = try TreeSnapshot(
          repository: store.repository, tree: localTree, fallbackSettings: store.settings)
        inputs = MergeInputs(
          base: try TreeSnapshot(
            repository: store.repository, tree: baseTree,
            fallbackSettings: StoreSettings(lastModified: Timestamp(millisecondsSince1970: 0))),
          ours: ours,
          theirs: try TreeSnapshot(
            repository: store.repository, tree: remoteTree, fallbackSettings: ours.settings),
          paths: nil)
      } catch {
        throw .git(error)
      }
    }
    guard let inputs else { throw .sync(.nothingToSync) }
    let (original, ours, theirs) = (inputs.base, inputs.ours, inputs.theirs)
    var oursTimes = try changeTimes(from: local, to: base)
    var theirTimes = try changeTimes(from: remote, to: base)
    // Each side's merges back to the base, found by the walk that dated its changes.
    func merges(from head: ObjectID) -> [Commit] {
      head == local ? oursTimes.merges : theirTimes.merges
    }
    // A bookmark of the base a side lacks with no first-parent commit removing it came in with
    // a merge on the way (a machine that never had it merged another's deletion): dated by the
    // commit that removed it there, not by the base's `lastModified`.
    for (side, head) in [(ours, local), (theirs, remote)] {
      let present = Set(side.bookmarks.map(\.id))
      let known = head == local ? oursTimes.deleted : theirTimes.deleted
      for bookmark in original.bookmarks
      where !present.contains(bookmark.id) && known[bookmark.id] == nil {
        let path = BookmarkPath.relativePath(forNormalizedURL: bookmark.url)
        guard let time = try latestRemoval(of: path, throughMerges: merges(from: head))
        else { continue }
        if head == local {
          oursTimes.deleted[bookmark.id] = time
        } else {
          theirTimes.deleted[bookmark.id] = time
        }
      }
    }
    // A link one side saved that the base lacks, which the other side deleted only in a line
    // a merge on the way brought in (a machine that brought a bookmark back and deleted it
    // again, merged by another): that deletion, dated where it was made, is the other side's.
    let baseIDs = Set(original.bookmarks.map(\.id))
    for (side, other, otherHead) in [(ours, theirs, remote), (theirs, ours, local)] {
      let otherIDs = Set(other.bookmarks.map(\.id))
      let known = otherHead == local ? oursTimes.deletedURLs : theirTimes.deletedURLs
      let added = side.bookmarks.filter {
        !baseIDs.contains($0.id) && !otherIDs.contains($0.id) && known[$0.url] == nil
      }
      for bookmark in added {
        let path = BookmarkPath.relativePath(forNormalizedURL: bookmark.url)
        guard let time = try latestRemoval(of: path, throughMerges: merges(from: otherHead))
        else { continue }
        if otherHead == local {
          oursTimes.deletedURLs[bookmark.url] = time
        } else {
          theirTimes.deletedURLs[bookmark.url] = time
        }
      }
    }
    let outcome = StoreMerge.merge(
      base: MergeSide(bookmarks: original.bookmarks, settings: original.settings),
      ours: MergeSide(
        bookmarks: ours.bookmarks, settings: ours.settings,
        deletionTimes: oursTimes.deleted, changeTimes: oursTimes.changed,
        urlDeletionTimes: oursTimes.deletedURLs, urlMoves: oursTimes.movedURLs,
        deletedVersions: oursTimes.deletedVersions,
        idsBeforeCopies: idsBeforeCopies(in: ours.bookmarks, from: local)),
      theirs: MergeSide(
        bookmarks: theirs.bookmarks, settings: theirs.settings,
        deletionTimes: theirTimes.deleted, changeTimes: theirTimes.changed,
        urlDeletionTimes: theirTimes.deletedURLs, urlMoves: theirTimes.movedURLs,
        deletedVersions: theirTimes.deletedVersions,
        idsBeforeCopies: idsBeforeCopies(in: theirs.bookmarks, from: remote)))
    let kept = Set(outcome.bookmarks.map(\.id))
    let deleted = ours.bookmarks.filter { !kept.contains($0.id) }.count
    try checkMassDelete(deleted: deleted, options: options) { () throws(StoreError) in
      inputs.paths == nil
        ? ours.bookmarks.count : try countBookmarks(inTree: localTree, upTo: deleted * 5)
    }
    return PlannedMerge(
      outcome: outcome, ours: ours, paths: inputs.paths,
      otherFiles: try otherFileChanges(base: baseTree, ours: localTree, theirs: remoteTree))
  }

  /// Where the ids two of a side's `bookmarks` hold were held once in that side's history
  /// (`head`'s first parents), so that the file an id was pasted into gets its own id back
  /// and the bookmark that had it is not taken for deleted; empty when no id is shared.
  private func idsBeforeCopies(in bookmarks: [Bookmark], from head: ObjectID) -> IDsBeforeCopies {
    let shared = Dictionary(grouping: bookmarks, by: \.id).filter { $0.value.count > 1 }
    guard !shared.isEmpty else { return IDsBeforeCopies() }
    return store.checker.idsBeforeCopies(
      shared.mapValues { $0.map { BookmarkPath.relativePath(forNormalizedURL: $0.url) } },
      from: head)
  }

  /// Files outside `bookmarks/` and store.json merged as git would by content: one side's
  /// change is taken; both sides changing a file differently stops the sync.
  private func otherFileChanges(base: ObjectID?, ours: ObjectID, theirs: ObjectID)
    throws(StoreError) -> [String: TreeChange]
  {
    var result: [String: TreeChange] = [:]
    do {
      let diff = TreeDiff(repository: store.repository)
      let theirChanges = try diff.files(under: "", from: base, to: theirs)
      for entry in theirChanges
      where !entry.path.hasPrefix(Layout.bookmarks + "/") && entry.path != Layout.settings {
        let mine = try store.repository.entry(atPath: entry.path, inTree: ours)
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

  /// When the side whose head is `head` deleted and changed bookmarks since `base`.
  ///
  /// DESIGN §5, read from its first-parent commits, newest first:
  /// - `deleted`: when each bookmark of the base was deleted, the author time of the newest
  ///   commit that removed its file;
  /// - `changed`: the author time of a bookmark's newest change when a commit holder-git did
  ///   not make (no `Device:` trailer: a plain `git commit`) made it and left `lastModified`
  ///   as it was, so a hand edit committed with git is not taken for an old one;
  /// - `deletedURLs`: when a bookmark of each URL was last deleted;
  /// - `movedURLs`: when a bookmark's link last changed away from each URL, and which one;
  /// - `merges`: the merges on the way, newest first;
  /// - `deletedVersions`: each deleted bookmark as this side held it before its newest
  ///   deletion.
  func changeTimes(from head: ObjectID, to base: ObjectID?) throws(StoreError) -> (
    deleted: [BookmarkID: Timestamp], changed: [BookmarkID: Timestamp],
    deletedURLs: [String: Timestamp], movedURLs: [String: MergeSide.URLMove], merges: [Commit],
    deletedVersions: [BookmarkID: Bookmark]
  ) {
    var deleted: [BookmarkID: Timestamp] = [:]
    var deletedVersions: [BookmarkID: Bookmark] = [:]
    var changed: [BookmarkID: Timestamp] = [:]
    var deletedURLs: [String: Timestamp] = [:]
    var movedURLs: [String: MergeSide.URLMove] = [:]
    var deletedPaths: [BookmarkID: (path: String, url: String)] = [:]
    // Deletions a merge took from another parent that were not found made there under the
    // path this side deleted: dated again once this side's link changes are known.
    var undated: [(bookmark: BookmarkID, url: String?, merge: Commit, time: Timestamp)] = []
    var merges: [Commit] = []
    var seen: Set<BookmarkID> = []
    var current: ObjectID? = head
    var steps = 0
    while let id = current, id != base, steps < 10_000 {
      steps += 1
      let commit: Commit = try git { () throws(GitError) in try store.repository.commit(id) }
      if commit.parents.count > 1 { merges.append(commit) }
      let time = Timestamp(millisecondsSince1970: commit.author.time * 1000)
      let byHand = CommitTrailer.value(CommitTrailer.device, in: commit.message) == nil
      for change in try store.commitReader.changes(in: commit) {
        guard let bookmark = change.id else { continue }
        if change.kind == .deleted {
          let url = change.before?.url
          if deleted[bookmark] == nil || url.map({ deletedURLs[$0] == nil }) == true {
            let path = url.map { BookmarkPath.relativePath(forNormalizedURL: $0) }
            let made = try deletionTime(in: commit, at: time, path: path)
            if made == time, commit.parents.count > 1 {
              undated.append((bookmark, url, commit, time))
            }
            if deleted[bookmark] == nil {
              deleted[bookmark] = made
              deletedVersions[bookmark] = change.before
            }
            if let url, deletedURLs[url] == nil { deletedURLs[url] = made }
            if let url, let path, deletedPaths[bookmark] == nil {
              deletedPaths[bookmark] = (path, url)
            }
          }
          continue
        }
        if let from = change.before?.url, from != change.after?.url, movedURLs[from] == nil {
          let unstamped = byHand && change.before?.lastModified == change.after?.lastModified
          movedURLs[from] = MergeSide.URLMove(
            at: unstamped ? time : change.after?.lastModified ?? time, bookmark: bookmark)
        }
        // A merge git made (`git pull`) combines what each side typed, each dated by its own
        // commit: its author time is no change's time, though it changes a bookmark.
        guard commit.parents.count == 1, seen.insert(bookmark).inserted, byHand,
          change.kind == .changed, change.before?.lastModified == change.after?.lastModified
        else { continue }
        changed[bookmark] = time
      }
      current = commit.parents.first
    }
    // A deletion a merge took from a side where the bookmark kept the link this side changed
    // (one machine edited the link, another deleted the bookmark): made there under the old
    // link's path, dated by the commit that made it, not by the merge.
    for entry in undated {
      for (from, move) in movedURLs where move.bookmark == entry.bookmark {
        let made = try deletionTime(
          in: entry.merge, at: entry.time,
          path: BookmarkPath.relativePath(forNormalizedURL: from))
        guard made != entry.time else { continue }
        if deleted[entry.bookmark] == entry.time { deleted[entry.bookmark] = made }
        if let url = entry.url, deletedURLs[url] == entry.time { deletedURLs[url] = made }
        break
      }
    }
    // Deleted on both sides of a merge on the way (two machines deleted it, one merged the
    // other's deletion into its own): the later deletion is the decision that stands. The
    // other machine may have deleted it under a link this side moved it away from.
    for (bookmark, place) in deletedPaths {
      let formerPaths = movedURLs.filter { $0.value.bookmark == bookmark }.keys.sorted().map {
        BookmarkPath.relativePath(forNormalizedURL: $0)
      }
      var latest: Timestamp?
      for path in [place.path] + formerPaths {
        if let time = try latestRemoval(of: path, throughMerges: merges) {
          latest = max(latest ?? time, time)
        }
      }
      guard let time = latest, time > (deleted[bookmark] ?? time) else { continue }
      deleted[bookmark] = time
      deletedURLs[place.url] = max(time, deletedURLs[place.url] ?? time)
    }
    return (deleted, changed, deletedURLs, movedURLs, merges, deletedVersions)
  }

  /// When the deletion `commit` shows against its first parent was made.
  ///
  /// A merge that took the deletion from another parent, where the file is gone too, is not
  /// when it was made: the commit on that side that removed it is. Dated by the merge, a
  /// deletion carried by another machine's merge would beat an edit made after it. `time`
  /// when the path is unknown or no such commit is found.
  private func deletionTime(
    in commit: Commit, at time: Timestamp, path: String?, depth: Int = 0
  ) throws(StoreError) -> Timestamp {
    guard let path, commit.parents.count > 1, depth < 8 else { return time }
    for parent in commit.parents.dropFirst() where try !has(path, in: parent) {
      if let made = try removalTime(along: parent, path: path, depth: depth + 1) { return made }
    }
    return time
  }

  /// When the file at `path`, absent at `start`, was removed along `start`'s first parents
  /// (a merge found there dated as `deletionTime` dates one); nil when no commit on the way
  /// had it (that side never saved it).
  private func removalTime(along start: ObjectID, path: String, depth: Int = 0)
    throws(StoreError) -> Timestamp?
  {
    var current: ObjectID? = start
    var steps = 0
    while let id = current, steps < 1_000 {
      steps += 1
      let step: Commit = try git { () throws(GitError) in try store.repository.commit(id) }
      guard let first = step.parents.first else { return nil }
      if try has(path, in: first) {
        return try deletionTime(
          in: step, at: Timestamp(millisecondsSince1970: step.author.time * 1000), path: path,
          depth: depth)
      }
      current = first
    }
    return nil
  }

  /// The latest time one of `merges` took a removal of `path` from a parent other than its
  /// first; nil when none did.
  private func latestRemoval(of path: String, throughMerges merges: [Commit])
    throws(StoreError) -> Timestamp?
  {
    var latest: Timestamp?
    for merge in merges {
      for parent in merge.parents.dropFirst() where try !has(path, in: parent) {
        if let time = try removalTime(along: parent, path: path) {
          latest = max(latest ?? time, time)
        }
      }
    }
    return latest
  }

  /// True when the commit `id` holds a file at `path`.
  private func has(_ path: String, in id: ObjectID) throws(StoreError) -> Bool {
    try store.commitReader.committedBytes(at: path, in: try store.commitReader.tree(ofCommit: id))
      != nil
  }

  /// Stops a sync that would delete more than 20 % and at least 20 of the bookmarks; `total`
  /// is asked only then.
  func checkMassDelete(
    deleted: Int, options: SyncOptions, total: () throws(StoreError) -> Int
  ) throws(StoreError) {
    guard !options.allowMassDelete && !options.dryRun && deleted >= Self.massDeleteMinimum
    else { return }
    let total = try total()
    if Self.isMassDelete(deleted, of: total) {
      throw .sync(.massDelete(deleted: deleted, total: total))
    }
  }

  /// The fewest deletions the mass-delete guard ever stops.
  static let massDeleteMinimum = 20

  /// True when deleting `deleted` of `total` bookmarks is a mass deletion, which a sync or a
  /// commit makes only when asked to: at least 20, and more than a fifth of them.
  static func isMassDelete(_ deleted: Int, of total: Int) -> Bool {
    deleted >= massDeleteMinimum && deleted * 5 > total
  }
}
