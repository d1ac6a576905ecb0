import HolderCore

// Owns finding bookmarks by id and id prefix in the index. Ids are compared as the bytes the
// cache keeps, so naming one bookmark decodes one bookmark, not the store.
extension BookmarkIndex {
  /// The bookmarks whose id starts with `prefix` (ids are lowercase), ordered by path.
  public func bookmarks(withIDPrefix prefix: String) -> [LocatedBookmark] {
    let wanted = Array(prefix.lowercased().utf8)
    return located(stored.indices.filter { stored[$0].idStarts(with: wanted) })
  }

  /// The bookmark with `id`, when the work tree holds it.
  public func bookmark(withID id: BookmarkID) -> LocatedBookmark? {
    bookmarks(withIDPrefix: id.rawValue).first { $0.bookmark.id == id }
  }
}

extension StoredBookmark {
  /// True when the bookmark's id starts with the UTF-8 bytes `prefix`.
  func idStarts(with prefix: [UInt8]) -> Bool {
    switch self {
    case .decoded(let bookmark): bookmark.id.rawValue.utf8.starts(with: prefix)
    case .encoded(let bytes): IndexCache.idBytes(of: bytes)?.starts(with: prefix) ?? false
    }
  }
}
