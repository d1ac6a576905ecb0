/// One entry of a git tree, copied out of libgit2.
public struct TreeEntry: Hashable, Sendable {
  /// The entry's name within its tree (no "/").
  public var name: String
  /// The blob, tree or commit the entry points at.
  public var id: ObjectID
  /// What the entry holds.
  public var kind: EntryKind
  /// The raw git file mode, such as `0o100644`.
  public var mode: UInt32

  /// Makes an entry value.
  public init(name: String, id: ObjectID, kind: EntryKind, mode: UInt32) {
    self.name = name
    self.id = id
    self.kind = kind
    self.mode = mode
  }
}
