/// One change to make to the index (the staging area).
public enum IndexUpdate: Hashable, Sendable {
  /// Stage the work-tree file at `path` (relative, "/" separated) as it is on disk.
  case addFromWorkTree(path: String)
  /// Unstage `path`, so the next commit does not contain it.
  case remove(path: String)
}
