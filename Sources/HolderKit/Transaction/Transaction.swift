import Git
import HolderCore

/// A write to the store, and the only way to make one: `Store.withTransaction` takes the
/// lock (finishing an operation a crash interrupted and repairing tag views a plain `git
/// pull` left stale), and each `record` commits a change, writes it to the work tree and
/// git's index, and brings the tag views from the tags its files had to the tags it writes.
///
/// A command says what changes; what a change takes to be made (its durability ordering,
/// the journal, the views, the marker naming the commit the views show) is decided here.
///
/// ### Algorithm
///
/// 1. Before the commit, the tags each changed bookmark file had: the command's own
///    knowledge (`Change.tagsBefore`), else HEAD's version, else the work tree's (a file moved
///    by hand, whose views a read may have made).
/// 2. The change is committed and written (`Committer.commitChange`).
/// 3. Links of tags a path lost are removed; links of every tag a written path has are made
///    where missing or pointing elsewhere (a file moved by hand whose link shares its name).
///    Paths in order, so the same change takes the same durable steps in every run.
/// 4. The marker names the new HEAD, unless a link could not be made or removed: then the
///    command fails and the next one rebuilds the views.
final class Transaction {
  private let store: Store
  /// False for `check --fix`, which repairs the views from what it finds after its commit.
  private let bringsViews: Bool

  fileprivate init(store: Store, bringsViews: Bool) {
    self.store = store
    self.bringsViews = bringsViews
  }

  /// Records `change` as one commit and brings its tag views along; nil when HEAD's tree did
  /// not change (a file moved by hand and put back), whose files are written all the same.
  @discardableResult
  func record(_ change: Change, keepingEmpty: Bool = false) throws(StoreError) -> ObjectID? {
    guard bringsViews else {
      return try store.committer.commitChange(change, keepingEmpty: keepingEmpty)
    }
    let paths = (Array(change.writes.keys) + change.removals)
      .filter { $0.hasPrefix(Layout.bookmarks + "/") }.sorted()
    let before = try tagsBefore(change, paths: paths)
    let made = try store.committer.commitChange(change, keepingEmpty: keepingEmpty)
    var after: [String: [String]] = [:]
    for path in paths {
      guard let bytes = change.writes[path] else { continue }
      after[path] =
        change.tagsAfter[path] ?? (try? BookmarkCodec.decode(bytes, file: path))?.tags ?? []
    }
    store.tagViews.bring(paths, from: before, to: after)
    try store.tagViewUpkeep.recordTagViewsHead()
    return made
  }

  /// Records each change as a commit of its own and moves the branch once.
  ///
  /// See `Store.recordSeries`; the tag views are built again from the files. Returns how many
  /// commits were made.
  func recordSeries(_ changes: [Change]) throws(StoreError) -> Int {
    guard let count = try store.committer.commitSeries(changes) else { return 0 }
    store.tagViewUpkeep.rebuildTagViews(from: store.bookmarkIndex().bookmarks)
    try store.tagViewUpkeep.recordTagViewsHead()
    return count
  }

  /// Removes the links that should go and makes the ones missing or wrong (`check --fix`);
  /// returns why each it could not repair failed, by path.
  func repairTagViews(_ repairs: [String: String?]) throws(StoreError) -> [String: String] {
    let failures = store.tagViews.repair(repairs)
    try store.tagViewUpkeep.recordTagViewsHead()
    return failures
  }

  /// The tags of each of `paths` before `change`.
  private func tagsBefore(_ change: Change, paths: [String]) throws(StoreError) -> [String:
    [String]]
  {
    let tree = try store.commitReader.headTree()
    var tags: [String: [String]] = [:]
    for path in paths {
      if let known = change.tagsBefore[path] {
        tags[path] = known
      } else if let committed = try store.commitReader.committedBytes(at: path, in: tree) {
        tags[path] = (try? BookmarkCodec.decode(committed, file: path))?.tags ?? []
      } else if let bytes = try? store.bookmarkEditor.workTreeBytes(at: path) {
        tags[path] = (try? BookmarkCodec.decode(bytes, file: path))?.tags ?? []
      }
    }
    return tags
  }
}

extension Transaction {
  /// Finishes an operation a crash interrupted and removes what dead processes left behind,
  /// unless a live holder-git holds the store lock (then it is that process's to finish).
  ///
  /// Opening a store for writing does it first (`Store.open(at:for:)`), so that no command
  /// takes a half-done operation's files for hand edits. Nil when there was nothing to finish.
  static func finishInterruptedOperation(in store: Store) throws(StoreError)
    -> RecoveredOperation?
  {
    guard store.isWritable else { return nil }
    let lock: StoreLock
    do {
      lock = try store.lock(timeout: 0)
    } catch {
      // Held by a live holder-git, or the store cannot be written by this user: nothing of
      // theirs is ours to touch.
      return nil
    }
    defer { withExtendedLifetime(lock) {} }
    guard case .branch = try store.commitReader.head() else {
      return nil
    }
    return try store.committer.recoverInterruptedOperation()
  }

  /// What a transaction checks and repairs once it holds the lock.
  enum Preparation {
    /// A command's change: the store writable, an operation a crash interrupted finished (or
    /// undone), tag views a plain `git pull` left stale rebuilt, so that the change's own
    /// view updates start from views that match HEAD.
    case change
    /// `check --fix`: as `change`, but a `tags` link is allowed (the fix replaces it) and the
    /// views are left as they are found (the check reports them).
    case repair
    /// Tag views a plain `git pull` left stale rebuilt, and nothing else checked: settling
    /// the merge a `git pull` made, before any command's own checks.
    case viewsCurrent
    /// The lock alone; the caller checks what it needs (an import's dry run, which writes
    /// nothing; settling a merge git stopped in the middle of).
    case lockOnly
  }
}

extension Store {
  /// Runs `body` with the store locked for writing; its changes are recorded through the
  /// transaction it is given (see `Transaction`).
  func withTransaction<Result>(
    _ preparation: Transaction.Preparation = .change,
    _ body: (Transaction) throws(StoreError) -> Result
  ) throws(StoreError) -> Result {
    let lock = try lock()
    defer { withExtendedLifetime(lock) {} }
    switch preparation {
    case .change:
      try checkWritable()
      try committer.recoverInterruptedOperation()
      tagViewUpkeep.refreshTagViewsIfStale()
    case .repair:
      try checkWritable(repairingTagViews: true)
      try committer.recoverInterruptedOperation()
    case .viewsCurrent:
      tagViewUpkeep.refreshTagViewsIfStale()
    case .lockOnly:
      break
    }
    return try body(Transaction(store: self, bringsViews: preparation != .repair))
  }

  /// Records a prepared change of many files (an import, a generated store) as one commit,
  /// with its tag views.
  ///
  /// The caller writes canonical bookmark files at their paths (`BookmarkCodec`,
  /// `BookmarkPath`); nothing else is checked. Returns false when the tree did not change.
  @discardableResult
  public func recordBulk(_ change: Change) throws(StoreError) -> Bool {
    try withTransaction { (transaction) throws(StoreError) -> Bool in
      try transaction.record(change) != nil
    }
  }

  /// Records each change as a commit of its own, in order, and moves the branch once.
  ///
  /// For writing a long history at once (benchmarks, bringing in another tool's history):
  /// objects are written without a sync each, the file system is synced once before the
  /// branch moves, and the work tree, git's index and the tag views are brought to the last
  /// commit in one step. A change that changes nothing makes no commit. Returns how many
  /// commits were made.
  @discardableResult
  public func recordSeries(_ changes: [Change]) throws(StoreError) -> Int {
    try withTransaction { (transaction) throws(StoreError) -> Int in
      try transaction.recordSeries(changes)
    }
  }
}
