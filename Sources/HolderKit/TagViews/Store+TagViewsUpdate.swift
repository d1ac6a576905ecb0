import Git
import HolderCore

extension Store {
  /// Brings the tag views from the commit `old` to the files `entries` changed.
  ///
  /// Only the links of tags the changed bookmarks gained or lost, when the views showed
  /// `old` (a merge of 1,000 changes into 100,000 bookmarks touches a few links, not
  /// 200,000); otherwise, or when `complete` is false (paths were overwritten whose old
  /// content is unknown), rebuilt from the work tree.
  func updateTagViews(after entries: [TreeDiff.Entry], from old: ObjectID, complete: Bool)
    throws(StoreError)
  {
    let recorded = try? rootDirectory.directory(Layout.local).readFile("tag-views-head")
    guard complete, let recorded, String(decoding: recorded, as: UTF8.self) == old.hex else {
      rebuildTagViews(from: snapshot().bookmarks)
      try recordTagViewsHead()
      return
    }
    // Links are per path and tag: a bookmark edited in place keeps the links of the tags it
    // kept, so only tags gained or lost touch the file system.
    var added: [LocatedBookmark] = []
    for entry in entries where entry.path.hasPrefix(Layout.bookmarks + "/") {
      let before = entry.old.flatMap { decodedBookmark($0, path: entry.path) }?.tags ?? []
      let after = entry.new.flatMap { decodedBookmark($0, path: entry.path) }
      let kept = Set(after?.tags ?? [])
      removeTagViews(path: entry.path, tags: before.filter { !kept.contains($0) })
      if var bookmark = after {
        let had = Set(before)
        bookmark.tags = bookmark.tags.filter { !had.contains($0) }
        added.append(LocatedBookmark(path: entry.path, bookmark: bookmark))
      }
    }
    for located in added { addTagViews(for: located) }
    try recordTagViewsHead()
  }

  /// The bookmark in a blob; nil when it is not one (git keeps it, the views leave it out).
  private func decodedBookmark(_ id: ObjectID, path: String) -> Bookmark? {
    guard let bytes = try? repository.blob(id) else { return nil }
    return try? BookmarkCodec.decode(bytes, file: path)
  }
}
