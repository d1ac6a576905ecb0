/// One path whose entry differs between two trees.
public struct TreeDelta: Hashable, Sendable {
  /// The path from the root of the compared trees ("bookmarks/g/github.com/x.json").
  public var path: String
  /// The entry in the old tree; nil when the path was added.
  public var old: TreeEntry?
  /// The entry in the new tree; nil when the path was removed.
  public var new: TreeEntry?

  /// Makes a delta.
  public init(path: String, old: TreeEntry?, new: TreeEntry?) {
    self.path = path
    self.old = old
    self.new = new
  }
}
