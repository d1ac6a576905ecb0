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
    if name.isEmpty { return "a path component is empty" }
    if name == "." || name == ".." { return "a path component is '\(name)'" }
    if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      return "a path component contains a control character"
    }
    if name.contains("\\") { return "a path component contains '\\'" }
    if isGitFolder(name) { return "a path component names git's own folder ('\(name)')" }
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
    case .symlink: return "it is a symbolic link, which holder-git never writes"
    case .submodule: return "it is a submodule (gitlink), which holder-git never writes"
    case .regularFile, .executable: break
    }
    let top = components[0]
    switch top {
    case "bookmarks":
      if components.count != 4 {
        return "a file under bookmarks/ belongs at bookmarks/<letter>/<host>/<name>"
      }
      if kind != .regularFile { return "a bookmark file must be a regular file (mode 100644)" }
    case ".holder":
      if components.count == 2 && ["store.json", "bookmark.schema.json"].contains(components[1]) {
        if kind != .regularFile { return "'\(components[1])' must be a regular file" }
      } else {
        return ".holder/ holds only store.json and bookmark.schema.json in a commit"
      }
    case "tags":
      return "tags/ is holder-git's own view of the tags and is never committed"
    case ".gitattributes", ".gitignore", ".gitmodules":
      if kind != .regularFile { return "'\(top)' must be a regular file" }
    default:
      break
    }
    return nil
  }
}
