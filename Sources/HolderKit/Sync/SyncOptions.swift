/// How `sync` may go.
public struct SyncOptions: Sendable {
  /// The remote's name (or URL).
  public var remote: String
  /// Join two stores with no common history (two separate `init`s), with an empty base.
  public var allowUnrelated: Bool
  /// Go on even when the merge deletes more than 20 % (and at least 20) of the bookmarks.
  public var allowMassDelete: Bool
  /// Fetch and compute the plan, but change nothing: no hand edits taken in, no commit, no
  /// push.
  public var dryRun: Bool

  public init(
    remote: String = "origin", allowUnrelated: Bool = false, allowMassDelete: Bool = false,
    dryRun: Bool = false
  ) {
    self.remote = remote
    self.allowUnrelated = allowUnrelated
    self.allowMassDelete = allowMassDelete
    self.dryRun = dryRun
  }
}
