// Pages of the index for the web app: the order of a listing as positions, so a page decodes
// only the bookmarks it shows (at 100k, decoding them all would cost seconds), a search that
// orders only the page's best, and the tag tree counted from the index's tags alone.
import HolderCore

extension BookmarkIndex {
  /// True when a bookmark carries `tag` or a tag under it (as `list --tag` matches).
  public func hasBookmarks(taggedUnder tag: String) -> Bool {
    !image.positions(taggedUnder: Matcher.filterKey(tag)).isEmpty
  }

  /// The positions of the bookmarks `filter` lets through, most recently changed first (the
  /// order of `list`); hand them to `bookmarks(at:)` a page at a time.
  public func newestFirst(_ filter: ListFilter) -> [Int] {
    var chosen =
      filter.tag.map { image.positions(taggedUnder: Matcher.filterKey($0)) } ?? Array(0..<count)
    if filter.favoritesOnly {
      let favorite = image.favorite
      chosen.removeAll { favorite[$0] == 0 }
    }
    let modified = image.modified
    return chosen.sorted { left, right in
      let a = modified[left]
      let b = modified[right]
      return a != b ? a > b : left < right
    }
  }

  /// The positions of the first `count` bookmarks matching `query` in the order `sort` asks
  /// for (the rest are counted, never ordered), and how many matched in all.
  public func matches(_ query: SearchQuery, sort: SearchSort, first count: Int) -> (
    positions: [Int], total: Int
  ) {
    let entries = entries
    let hits = entries.hits(query)
    return (Ranking.best(count, of: hits, entries: entries, by: sort).map(\.index), hits.count)
  }

  /// The bookmarks at these positions (from `newestFirst` or `matches`), in that order.
  public func bookmarks(at positions: some Sequence<Int>) -> [LocatedBookmark] {
    located(Array(positions))
  }

  /// The tags with their counts, as `Store.tags()` lists them, from the index: only each
  /// bookmark's tags are read from the stored forms, no bookmark is decoded whole.
  public func tags(order: [String]) -> TagListing {
    let source = image.withBlobsLoaded()
    let lists = (0..<source.count).lazy.compactMap { position -> [String]? in
      source.blobs.blob(position).flatMap(BookmarkIndexCache.tags(from:))
    }
    let catalog = TagCatalog(tagLists: lists, order: order)
    return TagListing(tree: catalog.tree(), flat: catalog.flat(), problems: problems)
  }
}

extension BookmarkIndex {
  /// True when both indexes hold the same files with the same searchable content: a refresh
  /// that only read files again (their stamps were too fresh to trust) changed nothing to show.
  public func showsTheSame(as other: BookmarkIndex) -> Bool {
    let a = image
    let b = other.image
    if a === b { return true }
    return a.paths == b.paths && a.documents == b.documents && a.hosts == b.hosts
      && a.tagKeys == b.tagKeys && a.tagNumbers == b.tagNumbers && a.created == b.created
      && a.modified == b.modified && a.favorite == b.favorite && problems == other.problems
  }
}

extension BookmarkIndex {
  /// When the first bookmark carrying each tag was saved, by tag key (`Bookmark.tagKey`):
  /// from the tags' lists of bookmarks and the saved times, no bookmark decoded.
  public func firstSaved() -> [String: Timestamp] {
    let keys = image.tagKeys
    let postings = image.postings
    let created = image.created
    var result: [String: Timestamp] = [:]
    result.reserveCapacity(keys.count)
    for number in 0..<keys.count {
      guard let first = postings[number].lazy.map({ created[Int($0)] }).min() else { continue }
      result[String(decoding: keys[number], as: UTF8.self)] = Timestamp(
        millisecondsSince1970: first)
    }
    return result
  }
}
