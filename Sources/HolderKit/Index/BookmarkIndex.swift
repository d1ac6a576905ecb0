import HolderCore

/// Every bookmark of the work tree in memory, ready to search and filter (DESIGN §6).
///
/// Made by `Store.index()`, which brings the cache under `.holder/local/` up to date from
/// what changed; hand edits are included. Bookmarks loaded from the cache are decoded only
/// when asked for, so a search pays for the results it shows, not for the whole store.
public struct BookmarkIndex: Sendable {
  /// Every file under `bookmarks/` that could not be read, ordered by path.
  public let problems: [StoreProblem]
  /// What bringing the index up to date cost.
  public let refresh: IndexRefresh
  let paths: [String]
  let stored: [StoredBookmark]
  let entries: [SearchEntry]

  /// Takes records ordered by path.
  init(records: [IndexRecord], refresh: IndexRefresh) {
    var paths: [String] = []
    var stored: [StoredBookmark] = []
    var entries: [SearchEntry] = []
    var problems: [StoreProblem] = []
    paths.reserveCapacity(records.count)
    stored.reserveCapacity(records.count)
    entries.reserveCapacity(records.count)
    for record in records {
      switch record.content {
      case .bookmark(let bookmark, let entry):
        paths.append(record.path)
        stored.append(bookmark)
        entries.append(entry)
      case .problem(let message):
        problems.append(StoreProblem(path: record.path, message: message))
      }
    }
    self.paths = paths
    self.stored = stored
    self.entries = entries
    self.problems = problems
    self.refresh = refresh
  }

  /// How many bookmarks the index holds.
  public var count: Int { entries.count }

  /// Every readable bookmark, ordered by path.
  public var bookmarks: [LocatedBookmark] { located(entries.indices) }

  /// The bookmarks matching `query`, in the order `sort` asks for.
  public func search(_ query: SearchQuery, sort: SearchSort = .relevance) -> [LocatedBookmark] {
    search(query, sort: sort, limit: nil).bookmarks
  }

  /// The first `limit` bookmarks matching `query` in the order `sort` asks for, and how many
  /// matched in all.
  public func search(_ query: SearchQuery, sort: SearchSort, limit: Int?) -> (
    bookmarks: [LocatedBookmark], total: Int
  ) {
    let hits = Matcher.search(query, in: entries)
    let shown =
      limit.map { Ranking.best(max(0, $0), of: hits, entries: entries, by: sort) }
      ?? Ranking.sorted(hits, entries: entries, by: sort)
    return (located(shown.map(\.index)), hits.count)
  }

  /// The bookmarks `filter` lets through, most recently changed first.
  public func list(_ filter: ListFilter) -> [LocatedBookmark] {
    let tag = filter.tag.map { SearchFilter.tag($0) }
    let chosen = entries.indices.filter { index in
      let entry = entries[index]
      if filter.favoritesOnly && !entry.favorite { return false }
      return tag.map { Matcher.passes($0, entry) } ?? true
    }
    let ordered = chosen.sorted { left, right in
      let a = entries[left].lastModified
      let b = entries[right].lastModified
      return a != b ? a > b : left < right
    }
    return located(ordered)
  }

  func located(_ indices: some Sequence<Int>) -> [LocatedBookmark] {
    indices.compactMap { index in
      stored[index].bookmark.map { LocatedBookmark(path: paths[index], bookmark: $0) }
    }
  }
}

/// What one `Store.index()` call did to bring the index up to date.
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
