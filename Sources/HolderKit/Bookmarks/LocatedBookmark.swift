import HolderCore

/// A bookmark together with the store-relative path of its file.
public struct LocatedBookmark: Hashable, Sendable {
  /// `bookmarks/<b>/<host>/<slug>-<hash>.json`.
  public var path: String
  public var bookmark: Bookmark

  public init(path: String, bookmark: Bookmark) {
    self.path = path
    self.bookmark = bookmark
  }
}

/// Something wrong with one file, reported without stopping the others from working.
public struct StoreProblem: Hashable, Sendable, CustomStringConvertible {
  /// The store-relative path.
  public var path: String
  /// One line in git's style: what is wrong, then what to do.
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { message }
}

/// Every readable bookmark of the work tree, and every file that could not be read.
public struct StoreSnapshot: Sendable {
  public var bookmarks: [LocatedBookmark]
  public var problems: [StoreProblem]

  public init(bookmarks: [LocatedBookmark], problems: [StoreProblem]) {
    self.bookmarks = bookmarks
    self.problems = problems
  }
}
