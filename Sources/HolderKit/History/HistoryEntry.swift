import HolderCore

/// One commit of the store's history, read as bookmark changes.
public struct HistoryEntry: Hashable, Sendable {
  /// The commit's id (40 hex digits).
  public var commit: String
  /// When it was committed.
  public var time: Timestamp
  /// The committer's offset from UTC, for showing local time as the machine saw it.
  public var utcOffsetMinutes: Int
  /// The `Device:` trailer, when the commit has one.
  public var device: String?
  /// The commit message's first line.
  public var subject: String
  /// The bookmarks it added, changed or deleted (matched by id, so a URL edit is one change).
  public var changes: [BookmarkChange]

  public init(
    commit: String, time: Timestamp, utcOffsetMinutes: Int, device: String?, subject: String,
    changes: [BookmarkChange]
  ) {
    self.commit = commit
    self.time = time
    self.utcOffsetMinutes = utcOffsetMinutes
    self.device = device
    self.subject = subject
    self.changes = changes
  }
}

/// Which history `log` shows.
public struct HistoryFilter: Sendable {
  /// Only this bookmark's changes (its whole life, across URL edits and its deletion).
  public var bookmark: BookmarkID?
  /// Only changes to bookmarks with this tag (or a tag under it), before or after.
  public var tag: String?
  /// Only commits made at or after this time.
  public var since: Timestamp?
  /// Only commits whose `Device:` trailer is this name.
  public var device: String?
  /// At most this many commits.
  public var limit: Int?

  public init(
    bookmark: BookmarkID? = nil, tag: String? = nil, since: Timestamp? = nil,
    device: String? = nil, limit: Int? = nil
  ) {
    self.bookmark = bookmark
    self.tag = tag
    self.since = since
    self.device = device
    self.limit = limit
  }

  /// True when `change` concerns the bookmark and tag asked for.
  func matches(_ change: BookmarkChange) -> Bool {
    if let bookmark, change.id != bookmark { return false }
    if let tag {
      let tags = (change.before?.tags ?? []) + (change.after?.tags ?? [])
      return tags.contains { ListFilter.tag(tag, covers: $0) }
    }
    return true
  }

  /// True when only some bookmarks' changes are asked for, so other commits are left out.
  var selectsBookmarks: Bool { bookmark != nil || tag != nil }
}
