import FetchProtocol

/// How `refresh` re-reads pages.
public struct RefreshOptions: Sendable {
  /// Only bookmarks whose metadata was never fetched.
  public var missingOnly: Bool
  /// Replace titles set by hand too (a title is the user's when it differs from the page's).
  public var replaceTitles: Bool
  /// A tag given to dead links (unknown host, 404, 410).
  public var deadTag: String?
  /// Pages fetched at once.
  public var concurrency: Int
  /// Seconds allowed for each page.
  public var timeout: Double

  /// Makes options; by default 8 pages at once, 10 s each.
  public init(
    missingOnly: Bool = false, replaceTitles: Bool = false, deadTag: String? = nil,
    concurrency: Int = 8, timeout: Double = 10
  ) {
    self.missingOnly = missingOnly
    self.replaceTitles = replaceTitles
    self.deadTag = deadTag
    self.concurrency = concurrency
    self.timeout = timeout
  }
}

/// What `refresh` did.
public struct RefreshOutcome: Sendable {
  /// One page that could not be read.
  public struct Failure: Sendable {
    /// The bookmark as it is now (with the dead tag, when it was given one).
    public var bookmark: LocatedBookmark
    /// Why.
    public var problem: FetchError
    /// True when it was given the dead-link tag.
    public var tagged: Bool
  }

  /// How many bookmarks were fetched.
  public var checked: Int
  /// The bookmarks whose file changed, as written.
  public var changed: [LocatedBookmark]
  /// The pages that could not be read.
  public var failures: [Failure]
  /// Bookmarks left alone (an uncommitted hand edit, a file that went away), and why.
  public var skipped: [StoreProblem]
  /// How many links failed the same way, and one of them, when most did.
  ///
  /// Host lookups, timeouts, refused connections: the network looks down, so no link was
  /// tagged dead.
  public var networkDown: (count: Int, example: FetchError)?
}
