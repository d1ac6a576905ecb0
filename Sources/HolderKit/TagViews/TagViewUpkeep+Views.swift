import Git
import HolderCore

/// The store's side of its tag views (`TagViews`): when they are current, bringing them up
/// to a commit, and marking them so.
extension TagViewUpkeep {
  /// Repairs the tag views from the work tree when HEAD moved without holder-git (a `git pull`).
  func refreshTagViewsIfStale() {
    guard !tagViewsAreCurrent() else { return }
    try? rebuildTagViewsFromWorkTree()
  }

  /// True when the tag views were last brought up to date at the current HEAD.
  func tagViewsAreCurrent() -> Bool {
    guard let marked = store.tagViews.markedHead(), let head = try? store.commitReader.currentHead()
    else {
      return false
    }
    return marked == head.hex
  }

  /// Marks the tag views as matching HEAD's bookmarks.
  ///
  /// Unless a link could not be made or removed since the last mark (a full disk, a folder
  /// that may not be changed): then the marker stays behind, so the next command that writes
  /// rebuilds them, the operation's journal stays, so the next command that writes finishes
  /// it, and the failure is thrown, so the command does not report success. HEAD is marked
  /// settled too when it is no merge plain git made.
  func recordTagViewsHead() throws(StoreError) {
    if let fault = store.tagViews.takeFault() {
      guard store.commitState.journal != .none,
        let operation = store.committer.readJournal()?.operation
      else {
        throw .fileSystem(fault)
      }
      store.commitState.journal = .open
      throw .unfinished(.fileSystem(fault), operation: operation)
    }
    let head = try store.commitReader.currentHead()
    store.tagViews.mark(head?.hex ?? "")
    if let head { store.syncEngine.markSettledUnlessMergeFromGit(head) }
  }

  /// Builds the tag views again from the bookmarks in the work tree and marks them current.
  func rebuildTagViewsFromWorkTree() throws(StoreError) {
    rebuildTagViews(from: store.snapshot().bookmarks)
    try recordTagViewsHead()
  }

  /// Brings `tags/` to exactly the links `bookmarks` call for (see `TagViews.rebuild`).
  ///
  /// The links to a bookmark file that is there but does not read (a hand edit that broke it)
  /// stay as they were, as `check` leaves them, so that the file mended by hand is in its tags
  /// again with no command having to notice.
  @discardableResult
  func rebuildTagViews(from bookmarks: [LocatedBookmark]) -> [StoreProblem] {
    store.tagViews.rebuild(from: bookmarks) { path, target in
      guard let target, let file = TagViews.resolve(link: path, target: target),
        file.hasPrefix(Layout.bookmarks + "/"),
        (try? store.bookmarkEditor.workTreeBytes(at: file)) != nil
      else { return false }
      return (try? store.bookmark(atPath: file)) == nil
    }
  }

  /// Brings the tag views from the commit `old` to the files `entries` changed.
  ///
  /// Only the links of tags the changed bookmarks gained or lost, when the views showed
  /// `old` (a merge of 1,000 changes into 100,000 bookmarks touches a few links, not
  /// 200,000); otherwise, or when `complete` is false (paths were overwritten whose old
  /// content is unknown), rebuilt from the work tree.
  func updateTagViews(after entries: [TreeDiff.Entry], from old: ObjectID, complete: Bool)
    throws(StoreError)
  {
    guard complete, store.tagViews.markedHead() == old.hex else {
      return try rebuildTagViewsFromWorkTree()
    }
    // Links are per path and tag: a bookmark edited in place keeps the links of the tags it
    // kept, so only tags gained or lost (and a link found missing) touch the file system.
    var before: [String: [String]] = [:]
    var after: [String: [String]] = [:]
    var paths: [String] = []
    for entry in entries where entry.path.hasPrefix(Layout.bookmarks + "/") {
      paths.append(entry.path)
      before[entry.path] = entry.old.flatMap { decodedBookmark($0, path: entry.path) }?.tags
      after[entry.path] = entry.new.flatMap { decodedBookmark($0, path: entry.path) }?.tags
    }
    store.tagViews.bring(paths, from: before, to: after)
    try recordTagViewsHead()
  }

  /// The bookmark in a blob; nil when it is not one (git keeps it, the views leave it out).
  private func decodedBookmark(_ id: ObjectID, path: String) -> Bookmark? {
    guard let bytes = try? store.repository.blob(id) else { return nil }
    return try? BookmarkCodec.decode(bytes, file: path)
  }
}
