/// Where a repository's HEAD points.
public enum Head: Hashable, Sendable {
  /// HEAD names a branch that has no commit yet, as right after `git init`.
  case unborn(reference: String)
  /// HEAD names a branch, which points at `target`.
  case branch(reference: String, target: ObjectID)
  /// HEAD points straight at a commit.
  case detached(ObjectID)

  /// The commit HEAD points at; nil on an unborn branch.
  public var target: ObjectID? {
    switch self {
    case .unborn: nil
    case .branch(_, let target), .detached(let target): target
    }
  }
}
