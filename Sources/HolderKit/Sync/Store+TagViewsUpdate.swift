import Git
import HolderCore

extension Store {
  /// Brings the tag views from the commit `old` to the files `entries` changed: only the
  /// links of the bookmarks that changed, when the views showed `old` (a merge of 1,000
  /// changes into 100,000 bookmarks touches 1,000 links, not 200,000); otherwise, or when
  /// `complete` is false (paths were overwritten whose old content is unknown), rebuilt
  /// from the work tree.
  func updateTagViews(after entries: [TreeDiff.Entry], from old: ObjectID, complete: Bool)
    throws(StoreError)
  {
    let recorded = try? rootDirectory.directory(Layout.local).readFile("tag-views-head")
    guard complete, let recorded, String(decoding: recorded, as: UTF8.self) == old.hex else {
      rebuildTagViews(from: snapshot().bookmarks)
      try recordTagViewsHead()
      return
    }
    let bookmarkEntries = entries.filter { $0.path.hasPrefix(Layout.bookmarks + "/") }
    for entry in bookmarkEntries {
      if let id = entry.old, let bookmark = decodedBookmark(id, path: entry.path) {
        removeTagViews(path: entry.path, tags: bookmark.tags)
      }
    }
    for entry in bookmarkEntries {
      if let id = entry.new, let bookmark = decodedBookmark(id, path: entry.path) {
        addTagViews(for: LocatedBookmark(path: entry.path, bookmark: bookmark))
      }
    }
    try recordTagViewsHead()
  }

  /// The bookmark in a blob; nil when it is not one (git keeps it, the views leave it out).
  private func decodedBookmark(_ id: ObjectID, path: String) -> Bookmark? {
    guard let bytes = try? repository.blob(id) else { return nil }
    return try? BookmarkCodec.decode(bytes, file: path)
  }
}
