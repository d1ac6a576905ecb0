import HolderCore

/// What a search found.
public struct SearchOutcome: Sendable {
  /// The matching bookmarks, best first (or in the order asked for), at most the limit.
  public var bookmarks: [LocatedBookmark]
  /// How many bookmarks matched before the limit.
  public var total: Int
  /// Files under `bookmarks/` that could not be read (the rest was searched).
  public var problems: [StoreProblem]

  /// Makes an outcome.
  public init(bookmarks: [LocatedBookmark], total: Int, problems: [StoreProblem]) {
    self.bookmarks = bookmarks
    self.total = total
    self.problems = problems
  }
}

extension Store {
  /// Searches every bookmark (DESIGN §6); a search that finds something is remembered as a
  /// recent search under `text`, when given.
  public func search(
    _ query: SearchQuery, sort: SearchSort = .relevance, limit: Int? = nil,
    remembering text: String? = nil
  ) -> SearchOutcome {
    let index = bookmarkIndex()
    let found = index.search(query, sort: sort, limit: limit)
    if let text, found.total > 0 { rememberSearch(text) }
    return SearchOutcome(bookmarks: found.bookmarks, total: found.total, problems: index.problems)
  }
}

extension Store {
  /// The searches that found something on this machine, most recent first, without repeats.
  public func recentSearches() -> [String] {
    recentSearchList.recentSearches()
  }

  /// Puts `text` first in the recent searches (moving it there when it was already in),
  /// keeping the newest 20.
  public func rememberSearch(_ text: String) {
    recentSearchList.rememberSearch(text)
  }

  /// Forgets every recent search of this machine.
  public func clearRecentSearches() {
    recentSearchList.clearRecentSearches()
  }
}
