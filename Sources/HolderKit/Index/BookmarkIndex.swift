import HolderCore

/// Every bookmark of the work tree in memory, ready to search and filter (DESIGN §6).
///
/// Made by `Store.index()`, which brings the cache under `.holder/local/` up to date from
/// what changed; hand edits are included.
public struct BookmarkIndex: Sendable {
  /// Every readable bookmark, ordered by path.
  public let bookmarks: [LocatedBookmark]
  /// Every file under `bookmarks/` that could not be read, ordered by path.
  public let problems: [StoreProblem]
  /// What bringing the index up to date cost.
  public let refresh: IndexRefresh
  let entries: [SearchEntry]

  init(records: [IndexRecord], refresh: IndexRefresh) {
    var bookmarks: [LocatedBookmark] = []
    var entries: [SearchEntry] = []
    var problems: [StoreProblem] = []
    bookmarks.reserveCapacity(records.count)
    entries.reserveCapacity(records.count)
    for record in records.sorted(by: { $0.path < $1.path }) {
      switch record.content {
      case .bookmark(let bookmark, let entry):
        bookmarks.append(LocatedBookmark(path: record.path, bookmark: bookmark))
        entries.append(entry)
      case .problem(let message):
        problems.append(StoreProblem(path: record.path, message: message))
      }
    }
    self.bookmarks = bookmarks
    self.entries = entries
    self.problems = problems
    self.refresh = refresh
  }

  /// The bookmarks matching `query`, in the order `sort` asks for.
  public func search(_ query: SearchQuery, sort: SearchSort = .relevance) -> [LocatedBookmark] {
    let hits = Ranking.sorted(Matcher.search(query, in: entries), entries: entries, by: sort)
    return hits.map { bookmarks[$0.index] }
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
