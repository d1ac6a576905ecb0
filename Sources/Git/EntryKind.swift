/// What a tree entry holds, as its git file mode says.
public enum EntryKind: Sendable, Hashable {
  /// A regular file (mode 100644).
  case blob
  /// An executable file (mode 100755).
  case executable
  /// A symbolic link whose target is the blob's content (mode 120000).
  case symlink
  /// A folder (mode 040000).
  case tree
  /// A commit of another repository (mode 160000).
  case submodule

  /// The git file mode written for this kind.
  public var mode: UInt32 {
    switch self {
    case .blob: 0o100644
    case .executable: 0o100755
    case .symlink: 0o120000
    case .tree: 0o040000
    case .submodule: 0o160000
    }
  }

  /// The kind a git file mode stands for; nil for modes git does not write.
  public init?(mode: UInt32) {
    switch mode {
    // 100664 is what very old git wrote for group-writable files; git still reads it as a blob.
    case 0o100644, 0o100664: self = .blob
    case 0o100755: self = .executable
    case 0o120000: self = .symlink
    case 0o040000: self = .tree
    case 0o160000: self = .submodule
    default: return nil
    }
  }
}
