/// The kinds of object a pack holds.
public enum ObjectKind: Sendable {
  case commit, tree, blob

  /// The kind's name in an object's header (`blob 12\0`).
  package var name: String {
    switch self {
    case .commit: "commit"
    case .tree: "tree"
    case .blob: "blob"
    }
  }

  /// The kind's number in a pack entry's header.
  package var packType: UInt8 {
    switch self {
    case .commit: 1
    case .tree: 2
    case .blob: 3
    }
  }
}
