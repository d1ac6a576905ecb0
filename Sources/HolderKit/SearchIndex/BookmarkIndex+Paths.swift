import HolderCore

// Owns looking bookmarks up by path in the index, for commands that touch many known paths
// at once (a re-import): a binary search of the sorted paths instead of one file read each.
extension BookmarkIndex {
  /// What the work tree holds at one store-relative path, as the index saw it.
  enum PathContent {
    case bookmark(Bookmark)
    /// A file that cannot be read as a bookmark, with the index's message.
    case problem(String)
    case absent
    /// The index's bytes for it are damaged: read the file itself.
    case unknown
  }

  /// Looks paths up, for many lookups (the blobs read once).
  struct PathTable {
    private let image: BookmarkIndexImage

    init(_ index: BookmarkIndex) {
      image = index.image.withBlobsLoaded()
    }

    /// The content at `path`; a bookmark is decoded here, once.
    func content(atPath path: String) -> PathContent {
      if let position = image.position(ofPath: path.utf8) {
        return image.bookmark(position).map { .bookmark($0) } ?? .unknown
      }
      if let position = image.problemPosition(ofPath: path.utf8) {
        return .problem(String(decoding: image.problemMessages[position], as: UTF8.self))
      }
      return .absent
    }
  }
}
