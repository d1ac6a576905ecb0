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

extension Store {
  /// The bookmarks that pass `filter`, most recently changed first, and the unreadable files.
  ///
  /// Uses the index, which sees hand edits at once. A read: the tag views are brought up to
  /// date by the next write, not here.
  public func list(_ filter: ListFilter = ListFilter()) -> StoreSnapshot {
    list(filter, from: bookmarkIndex())
  }

  /// As `list`, but a tag no bookmark carries is `tagNotFound` (a mistyped tag is an error,
  /// not an empty listing), told by the same index: a second one would stat every file again.
  public func listNamingATag(_ filter: ListFilter) throws(StoreError) -> StoreSnapshot {
    let index = bookmarkIndex()
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

extension Store {
  /// Throws `tagNotFound` for the first of `tags` that no bookmark carries, itself or a tag
  /// under it, so a filter with a mistyped tag is an error rather than an empty result.
  public func checkTagsExist(_ tags: [String]) throws(StoreError) {
    guard !tags.isEmpty else { return }
    // The index's per-tag lists answer this; decoding every bookmark to find none with a
    // mistyped tag took most of a second at 100k.
    let index = bookmarkIndex()
    for tag in tags where !index.hasBookmarks(taggedUnder: tag) {
      throw .lookup(.tagNotFound(tag))
    }
  }
}
