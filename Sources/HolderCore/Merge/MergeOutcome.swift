/// The result of merging two versions of a store against their base, computed in memory.
public struct MergeOutcome: Hashable, Sendable {
  /// The merged bookmarks, sorted by id.
  public var bookmarks: [Bookmark]
  /// The merged `.holder/store.json`.
  public var settings: StoreSettings
  /// Every automatic decision, sorted so both sides list them alike.
  public var resolutions: [Resolution]

  public init(bookmarks: [Bookmark], settings: StoreSettings, resolutions: [Resolution]) {
    self.bookmarks = bookmarks
    self.settings = settings
    self.resolutions = resolutions
  }
}

/// One side of a merge: its bookmarks, its settings, and when it deleted what it deleted.
public struct MergeSide: Sendable {
  public var bookmarks: [Bookmark]
  public var settings: StoreSettings
  /// When this side deleted each bookmark of the base it no longer has.
  ///
  /// DESIGN §5: the author time of the newest commit on this side whose tree
  /// lacks it while a parent's tree has it. A missing entry counts as the
  /// bookmark's time in the base, i.e. as early as possible.
  public var deletionTimes: [BookmarkID: Timestamp]
  /// When this side changed each bookmark whose last change kept its `lastModified`.
  ///
  /// DESIGN §5: a commit holder-git did not make (plain `git commit` of a hand edit) that
  /// changed a bookmark without moving its `lastModified` counts as a change at the
  /// commit's author time. A missing entry: the bookmark's own `lastModified`.
  public var changeTimes: [BookmarkID: Timestamp]
  /// When this side last deleted a bookmark of each URL, whether or not the base had it (a
  /// link saved and deleted again between two syncs): a save of the same link on the other
  /// side older than that deletion does not outlive it.
  public var urlDeletionTimes: [String: Timestamp]
  /// The last time this side changed a bookmark's link away from each URL, and which
  /// bookmark: a save of that link on the other side older than the change is the same
  /// bookmark, whose link has since changed.
  public var urlMoves: [String: URLMove]
  /// Where each id two of `bookmarks` hold was held once in this side's own history (an id
  /// pasted by hand into another file and committed with plain git): empty when none is.
  public var idsBeforeCopies: IDsBeforeCopies
  /// The version of each bookmark of the base this side deleted that it held last: what it
  /// changed before deleting, which a change on the other side that outlives the deletion
  /// joins field by field, so that neither side's typing is lost with the deletion.
  public var deletedVersions: [BookmarkID: Bookmark]

  /// A bookmark's link changed away from a URL (`edit --url`).
  public struct URLMove: Hashable, Sendable {
    public var at: Timestamp
    public var bookmark: BookmarkID

    public init(at: Timestamp, bookmark: BookmarkID) {
      self.at = at
      self.bookmark = bookmark
    }
  }

  public init(
    bookmarks: [Bookmark], settings: StoreSettings, deletionTimes: [BookmarkID: Timestamp] = [:],
    changeTimes: [BookmarkID: Timestamp] = [:], urlDeletionTimes: [String: Timestamp] = [:],
    urlMoves: [String: URLMove] = [:], deletedVersions: [BookmarkID: Bookmark] = [:],
    idsBeforeCopies: IDsBeforeCopies = IDsBeforeCopies()
  ) {
    self.bookmarks = bookmarks
    self.settings = settings
    self.deletionTimes = deletionTimes
    self.changeTimes = changeTimes
    self.urlDeletionTimes = urlDeletionTimes
    self.urlMoves = urlMoves
    self.idsBeforeCopies = idsBeforeCopies
    self.deletedVersions = deletedVersions
  }

  /// When this side's `bookmark` was last changed: its `lastModified`, or the later author
  /// time of a plain git commit that changed it without moving `lastModified`.
  public func changeTime(of bookmark: Bookmark) -> Timestamp {
    max(bookmark.lastModified, changeTimes[bookmark.id] ?? bookmark.lastModified)
  }
}

/// Where ids that several files hold were each held by one file, in the newest commit of a
/// line where they were: what tells the file an id was pasted into from the bookmark that had
/// it (`StoreMerge.ids(of:sharing:…)`).
public struct IDsBeforeCopies: Sendable, Equatable {
  /// The link of the one file that held each id.
  public var links: [BookmarkID: String]
  /// The id each other file read there held, by its link.
  public var ids: [String: BookmarkID]

  public init(links: [BookmarkID: String] = [:], ids: [String: BookmarkID] = [:]) {
    self.links = links
    self.ids = ids
  }
}
