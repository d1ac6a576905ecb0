import HolderCore

// Owns looking bookmarks up by path in the index, for commands that touch many known paths
// at once (a re-import): one table for them all instead of one file read each.
extension BookmarkIndex {
  /// What the work tree holds at one store-relative path, as the index saw it.
  enum PathContent {
    case bookmark(Bookmark)
    /// A file that cannot be read as a bookmark, with the index's message.
    case problem(String)
    case absent
    /// The cache's bytes for it are damaged: read the file itself.
    case unknown
  }

  /// A table from path to content, built once for many lookups.
  struct PathTable {
    private let index: BookmarkIndex
    private let bookmarkAt: [String: Int]
    private let problemAt: [String: Int]

    init(_ index: BookmarkIndex) {
      self.index = index
      var bookmarkAt: [String: Int] = [:]
      bookmarkAt.reserveCapacity(index.paths.count)
      for (position, path) in index.paths.enumerated() { bookmarkAt[path] = position }
      var problemAt: [String: Int] = [:]
      for (position, problem) in index.problems.enumerated() { problemAt[problem.path] = position }
      self.bookmarkAt = bookmarkAt
      self.problemAt = problemAt
    }

    /// The content at `path`; a bookmark the cache keeps encoded is decoded here, once.
    func content(atPath path: String) -> PathContent {
      if let position = bookmarkAt[path] {
        return index.stored[position].bookmark.map { .bookmark($0) } ?? .unknown
      }
      if let position = problemAt[path] { return .problem(index.problems[position].message) }
      return .absent
    }
  }
}
