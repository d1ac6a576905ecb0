/// One bookmark to export, with the store-relative path of its file.
public struct ExportEntry: Hashable, Sendable {
  public var bookmark: Bookmark
  /// `bookmarks/<b>/<host>/<slug>-<hash>.json`, written as `path` in JSON exports.
  public var path: String

  public init(bookmark: Bookmark, path: String) {
    self.bookmark = bookmark
    self.path = path
  }

  /// The entry of `bookmark` at the path its URL gives.
  public init(_ bookmark: Bookmark) {
    self.init(
      bookmark: bookmark, path: BookmarkPath.relativePath(forNormalizedURL: bookmark.url))
  }
}
