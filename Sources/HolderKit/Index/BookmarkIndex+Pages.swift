// Pages of the index for the web app: the order of a listing as positions, so a page decodes
// only the bookmarks it shows (at 100k, decoding them all would cost seconds), a search that
// orders only the page's best, and the tag tree counted from the index's tags alone.
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

  /// The positions of the first `count` bookmarks matching `query` in the order `sort` asks
  /// for (the rest are counted, never ordered), and how many matched in all.
  public func matches(_ query: SearchQuery, sort: SearchSort, first count: Int) -> (
    positions: [Int], total: Int
  ) {
    let hits = Matcher.search(query, in: entries)
    return (Ranking.best(count, of: hits, entries: entries, by: sort).map(\.index), hits.count)
  }

  /// The bookmarks at these positions (from `newestFirst` or `matches`), in that order.
  public func bookmarks(at positions: some Sequence<Int>) -> [LocatedBookmark] {
    located(positions)
  }

  /// The tags with their counts, as `Store.tags()` lists them, from the index: only each
  /// bookmark's tags are read from the cache's bytes, no bookmark is decoded whole.
  public func tags(order: [String]) -> TagListing {
    let lists = stored.lazy.compactMap { stored -> [String]? in
      switch stored {
      case .decoded(let bookmark): bookmark.tags
      case .encoded(let bytes): IndexCache.tags(from: bytes)
      }
    }
    let catalog = TagCatalog(tagLists: lists, order: order)
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
