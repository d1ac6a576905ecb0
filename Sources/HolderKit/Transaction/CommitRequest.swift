import Git

/// What `Committer.commit(_:)` is asked to put on the branch: the only way holder-git commits.
struct CommitRequest {
  /// What one commit changes on its parent's tree.
  enum Content {
    /// Files by content: their blobs are written under the request's durability choice.
    case files(Change)
    /// Entries whose objects are in the repository already (a merge's outcome, an import).
    case entries([String: TreeChange])
  }

  /// Where the commits go.
  enum Placement {
    /// On the tip of the branch HEAD names, as it is when the commit is made: when another
    /// process moves it meanwhile, the commits are built again on the new tip.
    case onTip
    /// On `parents[0]` exactly, which must still be the tip of `reference` (a merge, whose
    /// other parents follow); a branch that moved fails instead of being built on again.
    case onto(reference: String, parents: [ObjectID])
  }

  /// What follows the commit once the branch has moved, as git's checkout does: the work
  /// tree's files, then git's index.
  struct AfterMove {
    /// Files to write and remove in the work tree; nil when they are there already.
    var workTree: Change? = nil
    var index: IndexUpdate

    /// True when the work tree or git's index is written after the branch moves.
    var writes: Bool {
      if workTree != nil { return true }
      if case .nothing = index { return false }
      return true
    }
  }

  /// What git's index takes once the branch has moved.
  enum IndexUpdate {
    case nothing
    /// The change's paths, read back from the work tree where holder-git wrote them.
    case workTree(Change)
    /// Files written in the work tree whose blob ids are known (an import's).
    case knownBlobs([(path: String, id: ObjectID)])
  }

  /// The commits to make, each on the one before.
  ///
  /// Each is its content and its message without the trailer. One that changes nothing makes
  /// no commit, unless it merges.
  var steps: [(content: Content, message: String)]
  var placement: Placement = .onTip
  /// Makes the commit even when its tree is the parent's: an undo whose change later changes
  /// replaced is still a step that the next undo passes over.
  var keepsEmpty = false
  /// Many files: no fsync per object, one file-system sync before the branch moves (DESIGN §4).
  var bulk: Bool
  /// An import's pack: the first try writes its trees there; a retry writes them loose.
  var pack: PackWriter? = nil
  /// Runs after the commits are made and before the intent journal is written and the
  /// branch moves, with the old tip and the new commit; writes nothing (a merge checks there
  /// that no hand edit is in the way) and says what the work tree and the index take after.
  var beforeMove: (_ old: ObjectID?, _ new: ObjectID) throws(StoreError) -> AfterMove = {
    _, _ in AfterMove(index: .nothing)
  }

  /// One change as one commit on the tip; its files are written once the branch has moved.
  static func record(_ change: Change) -> CommitRequest {
    CommitRequest(
      steps: [(.files(change), change.message)], bulk: change.isBulk,
      beforeMove: { _, _ in AfterMove(workTree: change, index: .workTree(change)) })
  }
}

/// What `Committer.commit(_:)` made.
struct CommitMade {
  /// The new tip.
  var commit: ObjectID
  /// The tip it replaced; nil on an unborn branch.
  var old: ObjectID?
  /// How many commits were made (a step that changed nothing makes none).
  var count: Int
}
