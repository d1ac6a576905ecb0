import HolderCore

/// Which bookmarks `list` shows.
public struct ListFilter: Sendable {
  /// A tag: the bookmarks with it or with a tag under it (`dev` takes in `dev/swift`).
  public var tag: String?
  public var favoritesOnly: Bool

  public init(tag: String? = nil, favoritesOnly: Bool = false) {
    self.tag = tag
    self.favoritesOnly = favoritesOnly
  }

  /// True when `bookmark` passes the filter; tags compare ignoring case and normalisation.
  public func matches(_ bookmark: Bookmark) -> Bool {
    if favoritesOnly && !bookmark.favorite { return false }
    guard let tag else { return true }
    return bookmark.tags.contains { ListFilter.tag(tag, covers: $0) }
  }

  /// True when `candidate` is `tag` or a tag under it, ignoring case and normalisation.
  public static func tag(_ tag: String, covers candidate: String) -> Bool {
    let key = Bookmark.tagKey(tag.trimmingSlashes())
    let candidateKey = Bookmark.tagKey(candidate)
    return candidateKey == key || candidateKey.hasPrefix(key + "/")
  }
}

extension String {
  fileprivate func trimmingSlashes() -> String {
    var text = Substring(self)
    while text.hasPrefix("/") { text = text.dropFirst() }
    while text.hasSuffix("/") { text = text.dropLast() }
    return String(text)
  }
}

extension BookmarkReader {
  /// See `Store.list`.
  func list(_ filter: ListFilter = ListFilter()) -> StoreSnapshot {
    list(filter, from: store.bookmarkIndex())
  }

  /// See `Store.listNamingATag`.
  func listNamingATag(_ filter: ListFilter) throws(StoreError) -> StoreSnapshot {
    let index = store.bookmarkIndex()
    let listing = list(filter, from: index)
    if listing.bookmarks.isEmpty, let tag = filter.tag, !index.hasBookmarks(taggedUnder: tag) {
      throw .lookup(.tagNotFound(tag))
    }
    return listing
  }

  private func list(_ filter: ListFilter, from index: BookmarkIndex) -> StoreSnapshot {
    return StoreSnapshot(bookmarks: index.list(filter), problems: index.problems)
  }
}

extension BookmarkReader {
  /// See `Store.checkTagsExist`.
  func checkTagsExist(_ tags: [String]) throws(StoreError) {
    guard !tags.isEmpty else { return }
    // The index's per-tag lists answer this; decoding every bookmark to find none with a
    // mistyped tag took most of a second at 100k.
    let index = store.bookmarkIndex()
    for tag in tags where !index.hasBookmarks(taggedUnder: tag) {
      throw .lookup(.tagNotFound(tag))
    }
  }
}
