import HolderCore

/// Which bookmarks an export takes.
public struct ExportSelection: Sendable {
  /// Tags: a bookmark with any of them, or with a tag under one, is taken; none takes all.
  public var tags: [String]
  public var favoritesOnly: Bool

  public init(tags: [String] = [], favoritesOnly: Bool = false) {
    self.tags = tags
    self.favoritesOnly = favoritesOnly
  }

  /// True when `bookmark` is taken; tags compare ignoring case and normalisation.
  public func matches(_ bookmark: Bookmark) -> Bool {
    if favoritesOnly && !bookmark.favorite { return false }
    if tags.isEmpty { return true }
    return tags.contains { tag in
      bookmark.tags.contains { ListFilter.tag(tag, covers: $0) }
    }
  }
}

/// What an export wrote.
public struct ExportOutcome: Sendable {
  /// How many bookmarks were written.
  public var count: Int
  /// Files that could not be read, and so were not exported.
  public var problems: [StoreProblem]

  public init(count: Int, problems: [StoreProblem]) {
    self.count = count
    self.problems = problems
  }
}
