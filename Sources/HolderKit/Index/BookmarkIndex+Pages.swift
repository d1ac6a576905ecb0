// Pages of the index for the web app: the order of a listing as positions, so a page decodes
// only the bookmarks it shows (at 100k, decoding them all would cost seconds), and the tag
// tree counted from the index instead of from every file.
import HolderCore

extension BookmarkIndex {
  /// The positions of the bookmarks `filter` lets through, most recently changed first (the
  /// order of `list`); hand them to `bookmarks(at:)` a page at a time.
  public func newestFirst(_ filter: ListFilter) -> [Int] {
    let tag = filter.tag.map { SearchFilter.tag($0) }
    let chosen = entries.indices.filter { index in
      let entry = entries[index]
      if filter.favoritesOnly && !entry.favorite { return false }
      return tag.map { Matcher.passes($0, entry) } ?? true
    }
    return chosen.sorted { left, right in
      let a = entries[left].lastModified
      let b = entries[right].lastModified
      return a != b ? a > b : left < right
    }
  }

  /// The positions of the bookmarks matching `query`, in the order `sort` asks for.
  public func matches(_ query: SearchQuery, sort: SearchSort) -> [Int] {
    Ranking.sorted(Matcher.search(query, in: entries), entries: entries, by: sort).map(\.index)
  }

  /// The bookmarks at these positions (from `newestFirst` or `matches`), in that order.
  public func bookmarks(at positions: some Sequence<Int>) -> [LocatedBookmark] {
    located(positions)
  }

  /// The tags with their counts, as `Store.tags()` lists them, from the index.
  public func tags(order: [String]) -> TagListing {
    let catalog = TagCatalog(bookmarks: bookmarks.map(\.bookmark), order: order)
    return TagListing(tree: catalog.tree(), flat: catalog.flat(), problems: problems)
  }
}

extension BookmarkIndex {
  /// True when both indexes hold the same files with the same searchable content: a refresh
  /// that only read files again (their stamps were too fresh to trust) changed nothing to show.
  public func showsTheSame(as other: BookmarkIndex) -> Bool {
    paths == other.paths && entries == other.entries && problems == other.problems
  }
}
