import HolderCore

/// Every bookmark of the work tree, ready to search and filter (DESIGN §6).
///
/// Made by `Store.bookmarkIndex()` from the image under `.holder/local/`, brought up to date with
/// what changed; hand edits are included. Nothing is made per bookmark until it is shown: a
/// search scans the image's arrays, a tag filter takes the tag's list of bookmarks, an id is
/// found in the id table, and only the bookmarks returned are decoded.
public struct BookmarkIndex: Sendable {
  /// Every file under `bookmarks/` that could not be read, ordered by path.
  public let problems: [StoreProblem]
  /// What bringing the index up to date cost.
  public let refresh: IndexRefresh
  let image: BookmarkIndexImage

  init(image: BookmarkIndexImage, refresh: IndexRefresh) {
    self.image = image
    self.refresh = refresh
    self.problems = image.problems
  }

  /// How many bookmarks the index holds.
  public var count: Int { image.count }

  /// What search reads of each bookmark, by position.
  var entries: BookmarkIndexEntries { BookmarkIndexEntries(image: image) }

  /// Every readable bookmark, ordered by path.
  public var bookmarks: [LocatedBookmark] { located(0..<count) }

  /// The bookmarks matching `query`, in the order `sort` asks for.
  public func search(_ query: SearchQuery, sort: SearchSort = .relevance) -> [LocatedBookmark] {
    search(query, sort: sort, limit: nil).bookmarks
  }

  /// The first `limit` bookmarks matching `query` in the order `sort` asks for, and how many
  /// matched in all.
  public func search(_ query: SearchQuery, sort: SearchSort, limit: Int?) -> (
    bookmarks: [LocatedBookmark], total: Int
  ) {
    let entries = entries
    let hits = entries.hits(query)
    let shown =
      limit.map { Ranking.best(max(0, $0), of: hits, entries: entries, by: sort) }
      ?? Ranking.sorted(hits, entries: entries, by: sort)
    return (located(shown.map(\.index)), hits.count)
  }

  /// The bookmarks `filter` lets through, most recently changed first.
  public func list(_ filter: ListFilter) -> [LocatedBookmark] {
    located(newestFirst(filter))
  }

  /// The bookmarks at `positions`, in that order; one whose stored form is damaged is left
  /// out (the next refresh reads its file again).
  func located(_ positions: some Collection<Int>) -> [LocatedBookmark] {
    // Showing much of the store: one read of every blob beats one read each (a read costs
    // about a microsecond; a page or a tag's list stays with its own reads and memory).
    let source = positions.count > max(256, image.count / 8) ? image.withBlobsLoaded() : image
    return positions.compactMap { position in
      source.bookmark(position).map { LocatedBookmark(path: source.path(position), bookmark: $0) }
    }
  }
}

/// What one `Store.bookmarkIndex()` call did to bring the index up to date.
public struct IndexRefresh: Hashable, Sendable {
  /// True when there was no usable cache and every file was read.
  public var rebuilt = false
  /// How many bookmark files were read (unchanged files never are).
  public var filesRead = 0
  /// How many paths the commit diff named (a `git pull` or `checkout` since last time).
  public var pathsFromCommits = 0

  /// An empty refresh.
  public init() {}
}
