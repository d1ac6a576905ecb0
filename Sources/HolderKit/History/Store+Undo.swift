import Git
import HolderCore

extension Store {
  /// The last change, as `undo` would take it back; nil when there is nothing to undo (the
  /// store's first commit is not a change).
  public func lastChange() throws(StoreError) -> HistoryEntry? {
    guard let head = try currentHead() else { return nil }
    let commit: Commit = try git { () throws(GitError) in try repository.commit(head) }
    if commit.parents.isEmpty { return nil }
    // HEAD alone: walking the history sorted by time would read every commit first.
    return try entry(for: commit)
  }

  /// Takes back the last change with a new commit (history is never rewritten).
  ///
  /// Every file the last commit changed gets its content from before that
  /// commit; bookmarks that come back or change get a new `lastModified`, so
  /// the undo wins the next sync like any other edit. Returns what was undone.
  public func undo() throws(StoreError) -> HistoryEntry {
    let lock = try lockForWriting()
    defer { withExtendedLifetime(lock) {} }
    guard let head = try currentHead(), let last = try lastChange() else {
      throw .nothingToUndo
    }
    let commit: Commit = try git { () throws(GitError) in try repository.commit(head) }
    guard commit.parents.count == 1 else { throw .mergeCannotBeUndone }
    // Undo writes the parent's versions of what changed: they must be files holder-git writes.
    try checkIncoming(tip: commit.parents[0], against: head, stopAt: nil, source: .history)
    let entries: [TreeDiff.Entry]
    do {
      let parentTree = try repository.commit(commit.parents[0]).tree
      entries = try TreeDiff(repository: repository).files(
        under: "", from: parentTree, to: commit.tree)
    } catch {
      throw .git(error)
    }
    var change = Change(message: "Undo \(quoted(last.subject))")
    let now = environment.now()
    for entry in entries {
      if rootDirectory.existsFile(entry.path) { try ensureNoHandEdit(at: entry.path) }
      guard let old = entry.old else {
        change.removals.insert(entry.path)
        continue
      }
      var bytes: [UInt8]
      bytes = try git { () throws(GitError) in try repository.blob(old) }
      if entry.path.hasPrefix(Layout.bookmarks + "/"),
        var bookmark = try? BookmarkCodec.decode(bytes, file: entry.path)
      {
        let newer = try? committedBookmark(at: entry.path, in: commit.tree)
        bookmark.lastModified = Timestamp.stamp(
          now: now,
          previous: max(bookmark.lastModified, newer?.lastModified ?? bookmark.lastModified))
        bytes = BookmarkCodec.encode(bookmark)
      }
      change.writes[entry.path] = bytes
    }
    try record(change)
    rebuildTagViews(from: snapshot().bookmarks)
    try recordTagViewsHead()
    return last
  }
}
