import Git
import HolderCore

/// What the history cache under `.holder/local/` knows: for every commit reachable from
/// `head`, when and where it was made, and for every bookmark the commits that changed it.
///
/// A bookmark's events hold blob ids, not bookmarks: `log` reads only the few blobs of the
/// bookmark asked for. Its tags are kept too, so `log --tag` finds its commits without
/// reading a blob.
struct HistoryCache: Equatable {
  /// One commit, as `log` shows it.
  struct CommitInfo: Equatable {
    var id: ObjectID
    var parents: [ObjectID]
    /// Committer time in seconds since 1970, and the committer's offset from UTC.
    var time: Int64
    var offsetMinutes: Int
    var device: String?
    var subject: String
  }

  /// One commit's change to one bookmark, against the commit's first parent.
  struct Event: Equatable {
    var commit: ObjectID
    /// The file before (nil: added) and after (nil: deleted).
    var old: ObjectID?
    var new: ObjectID?
    /// Where the file is after the change (before it, for a deletion).
    var path: String
    var oldTags: [String]
    var newTags: [String]
  }

  /// The commit the cache was brought up to; nil for an empty store.
  var head: ObjectID?
  /// The commits in the order the history walk gives them, newest first.
  var commits: [CommitInfo] = []
  /// Every bookmark that ever was, with the commits that changed it (in no set order).
  var events: [BookmarkID: [Event]] = [:]

  /// Each commit's place in `commits`.
  func positions() -> [ObjectID: Int] {
    var result: [ObjectID: Int] = [:]
    result.reserveCapacity(commits.count)
    for (position, commit) in commits.enumerated() { result[commit.id] = position }
    return result
  }
}
