import HolderCore

/// What a sync did.
public struct SyncReport: Sendable {
  /// How the two histories were brought together.
  public enum Kind: Sendable, Equatable {
    case upToDate, pushedOnly, fastForward, merged
    /// The fetch could not reach the remote: nothing came in (`offline` says why).
    case unreachable
  }

  public var kind: Kind
  /// The hand edits taken in before syncing.
  public var handEdits: HandEditOutcome
  /// Every automatic decision of the merge (empty unless merged).
  public var resolutions: [Resolution]
  /// Bookmark changes that came in from the remote.
  public var incoming: [BookmarkChange]
  /// With `dryRun`: the bookmark changes made here that the push would send (every local
  /// commit the remote lacks, hand edits aside).
  public var outgoing: [BookmarkChange]
  /// With `dryRun`: the hand edits the sync would commit first (and then send).
  public var pendingHandEdits: [BookmarkChange]
  /// True when the remote now has every local commit.
  public var pushed: Bool
  /// Why the remote could not be reached, when it could not; everything stays committed.
  public var offline: String?
  /// Bookmarks that came in stamped further ahead of this machine's clock than any clock
  /// should be (`Timestamp.aheadLimit`): a clock elsewhere is wrong, and they win conflicts.
  public var datedAhead: [Bookmark] = []

  public init(
    kind: Kind, handEdits: HandEditOutcome, resolutions: [Resolution] = [],
    incoming: [BookmarkChange] = [], outgoing: [BookmarkChange] = [],
    pendingHandEdits: [BookmarkChange] = [], pushed: Bool = false, offline: String? = nil
  ) {
    self.kind = kind
    self.handEdits = handEdits
    self.resolutions = resolutions
    self.incoming = incoming
    self.outgoing = outgoing
    self.pendingHandEdits = pendingHandEdits
    self.pushed = pushed
    self.offline = offline
  }
}
