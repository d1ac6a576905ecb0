import Localization

/// Which paths of a tree from elsewhere (a remote, a clone, a commit in history) holder-git will
/// write into a work tree: git's own path rules, then the store's layout.
///
/// A remote is anyone with push access; a tree entry named `..` or `.git` would otherwise let it
/// write anywhere the user can. The component rules follow git's `verify_path` with
/// `core.protectNTFS` and `core.protectHFS` on (the defaults that keep a repository safe on
/// every file system it may be checked out on), so a tree git itself would refuse is refused.
public enum IncomingTreeRules {
  /// What a tree entry holds, as far as these rules care.
  public enum Kind: Sendable, Equatable {
    case regularFile, executable, symlink, submodule
  }

  /// Why the entry at `path` of kind `kind` is refused; nil when it may be written.
  public static func problem(path: String, kind: Kind) -> String? {
    let components = path.slashSeparated(omittingEmptySubsequences: false)
    for component in components {
      if let problem = componentProblem(component) { return problem }
    }
    return layoutProblem(components, kind: kind)
  }

  /// Why one path component may not be written anywhere; nil when it may.
  public static func componentProblem(_ name: String) -> String? {
    if name.isEmpty { return Message("a path component is empty").english }
    if name == "." || name == ".." { return Message("a path component is '\(name)'").english }
    if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      return Message("a path component contains a control character").english
    }
    if name.contains("\\") { return Message("a path component contains '\\'").english }
    if isGitFolder(name) {
      return Message("a path component names git's own folder ('\(name)')").english
    }
    return nil
  }

  /// `.git` as git compares it on every file system: any case; with trailing dots and spaces
  /// or an NTFS stream suffix (`.git.`, `.git::$INDEX_ALLOCATION`); its 8.3 short name
  /// (`git~1`); and with the code points HFS+ ignores (`.g\u{200C}it`).
  static func isGitFolder(_ name: String) -> Bool {
    let visible = String(
      String.UnicodeScalarView(name.unicodeScalars.filter { !hfsIgnored($0) }))
    let lower = visible.lowercased()
    if lower == "git~1" { return true }
    guard lower.hasPrefix(".git") else { return false }
    let rest = lower.dropFirst(4)
    if rest.first == ":" { return true }
    return rest.allSatisfy { $0 == "." || $0 == " " }
  }

  /// The code points HFS+ drops when it compares names (git's `next_hfs_char`).
  private static func hfsIgnored(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200C...0x200F, 0x202A...0x202E, 0x206A...0x206F, 0xFEFF: return true
    default: return false
    }
  }

  /// The store's own folders take only the files holder-git writes there (DESIGN §1).
  private static func layoutProblem(_ components: [String], kind: Kind) -> String? {
    switch kind {
    case .symlink: return Message("it is a symbolic link, which holder-git never writes").english
    case .submodule:
      return Message("it is a submodule (gitlink), which holder-git never writes").english
    case .regularFile, .executable: break
    }
    let top = components[0]
    switch top {
    case "bookmarks":
      if components.count != 4 {
        return Message("a file under bookmarks/ belongs at bookmarks/<letter>/<host>/<name>")
          .english
      }
      if kind != .regularFile {
        return Message("a bookmark file must be a regular file (mode 100644)").english
      }
    case ".holder":
      if components.count == 2 && ["store.json", "bookmark.schema.json"].contains(components[1]) {
        if kind != .regularFile {
          return Message("'\(components[1])' must be a regular file").english
        }
      } else {
        return Message(".holder/ holds only store.json and bookmark.schema.json in a commit")
          .english
      }
    case "tags":
      return Message("tags/ is holder-git's own view of the tags and is never committed").english
    case ".gitattributes", ".gitignore", ".gitmodules":
      if kind != .regularFile { return Message("'\(top)' must be a regular file").english }
    default:
      break
    }
    return nil
  }
}
