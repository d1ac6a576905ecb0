/// A commit, copied out of libgit2.
public struct Commit: Hashable, Sendable {
  /// The commit's own id.
  public var id: ObjectID
  /// The root tree the commit records.
  public var tree: ObjectID
  /// The parent commits, first parent first.
  public var parents: [ObjectID]
  /// Who wrote the change.
  public var author: Signature
  /// Who made the commit.
  public var committer: Signature
  /// The full message, as stored (leading blank lines dropped, as git does).
  public var message: String

  /// Makes a commit value.
  public init(
    id: ObjectID, tree: ObjectID, parents: [ObjectID], author: Signature, committer: Signature,
    message: String
  ) {
    self.id = id
    self.tree = tree
    self.parents = parents
    self.author = author
    self.committer = committer
    self.message = message
  }
}
