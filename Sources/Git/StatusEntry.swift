/// One path that differs between HEAD, the index and the work tree.
public struct StatusEntry: Hashable, Sendable {
  /// The path relative to the work tree, "/" separated.
  public var path: String
  /// The change from HEAD to the index (what `git diff --cached` shows); nil when none.
  public var inIndex: Change?
  /// The change from the index to the work tree; an untracked file is `.added`.
  public var inWorkTree: Change?

  /// A kind of change, as the letters of `git status --short` name them.
  public enum Change: Hashable, Sendable {
    /// The path is new (`A`, or `??` in the work tree).
    case added
    /// The content or mode changed (`M`).
    case modified
    /// The path is gone (`D`).
    case deleted
    /// The path was renamed (`R`).
    case renamed
    /// A file became a symlink or the other way round (`T`).
    case typeChanged
    /// The path has an unresolved merge conflict (`U`); set on both sides.
    case conflicted
  }

  /// Makes a status entry value.
  public init(path: String, inIndex: Change?, inWorkTree: Change?) {
    self.path = path
    self.inIndex = inIndex
    self.inWorkTree = inWorkTree
  }
}
