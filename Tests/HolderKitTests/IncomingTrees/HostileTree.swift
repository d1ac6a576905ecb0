import Foundation
import HolderTestSupport
import Testing

/// Hostile trees made by hand with the real `git` (`hash-object`, `mktree`, `commit-tree`), as
/// an attacker with push access would make them, and a fingerprint of everything around a store
/// to prove none of them wrote anything.
struct HostileTree {
  /// One kind of entry holder-git must refuse.
  enum Kind: String, CaseIterable, CustomTestStringConvertible {
    /// `bookmarks/../../.ssh/authorized_keys`: walks out of the store into the scratch folder.
    case dotDot
    /// `.git/hooks/post-checkout` at the root.
    case gitHook
    /// `.GIT./hooks/post-checkout`: git's folder as NTFS and case-insensitive systems see it.
    case gitFolderVariant
    /// A bookmark file that is a symbolic link out of the store.
    case symlink
    /// `.holder/store.json` with a rename to `../../etc`.
    case badSettings

    var testDescription: String { rawValue }

    /// Where the refusal says the bad entry is.
    var path: String {
      switch self {
      case .dotDot: "bookmarks/../../.ssh/authorized_keys"
      case .gitHook: ".git/hooks/post-checkout"
      case .gitFolderVariant: ".GIT./hooks/post-checkout"
      case .symlink: "bookmarks/z/zz-evil.example/x.json"
      case .badSettings: ".holder/store.json"
      }
    }

    /// Whether plain `git` checks such a tree out (git refuses `..` and `.git` itself).
    var gitChecksItOut: Bool { self == .symlink || self == .badSettings }
  }

  let git: GitFixture
  /// A repository (bare or not) whose branch `main` gets the hostile commit.
  let repository: String

  /// Commits on top of `main` a tree that adds `kind`'s entry to main's tree; returns its id.
  @discardableResult
  func commit(_ kind: Kind, message: String = "tidy") throws -> String {
    let payload = try blob("ssh-ed25519 AAAA attacker\n")
    let root = try git.runGit(["ls-tree", "main"], in: repository)
    var rootLines = root.split(separator: "\n").map(String.init)
    switch kind {
    case .dotDot:
      var tree = try mktree(["100644 blob \(payload)\tauthorized_keys"])
      tree = try mktree(["040000 tree \(tree)\t.ssh"])
      tree = try mktree(["040000 tree \(tree)\t.."])
      let bookmarks = try lines("main:bookmarks") + ["040000 tree \(tree)\t.."]
      try replace("bookmarks", with: "040000 tree \(try mktree(bookmarks))", in: &rootLines)
    case .gitHook, .gitFolderVariant:
      let hooks = try mktree(["100755 blob \(payload)\tpost-checkout"])
      let folder = try mktree(["040000 tree \(hooks)\thooks"])
      rootLines.append("040000 tree \(folder)\t\(kind == .gitHook ? ".git" : ".GIT.")")
    case .symlink:
      let target = try blob("../../../../.ssh/id_ed25519")
      let host = try mktree(["120000 blob \(target)\tx.json"])
      let letter = try mktree(["040000 tree \(host)\tzz-evil.example"])
      let bookmarks = try lines("main:bookmarks") + ["040000 tree \(letter)\tz"]
      try replace("bookmarks", with: "040000 tree \(try mktree(bookmarks))", in: &rootLines)
    case .badSettings:
      let settings = """
        {
          "formatVersion": 1,
          "tagOrder": [],
          "tagRenames": [
            {
              "from": "work",
              "to": "../../etc",
              "at": "2026-11-22T09:00:00.000Z"
            }
          ],
          "lastModified": "2026-11-22T09:00:00.000Z"
        }

        """
      let holder = try lines("main:.holder").filter { !$0.hasSuffix("\tstore.json") }
      let tree = try mktree(holder + ["100644 blob \(try blob(settings))\tstore.json"])
      try replace(".holder", with: "040000 tree \(tree)", in: &rootLines)
    }
    let tree = try mktree(rootLines)
    git.tick()
    let commit = try git.runGit(["commit-tree", tree, "-p", "main", "-m", message], in: repository)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    try git.runGit(["update-ref", "refs/heads/main", commit], in: repository)
    return commit
  }

  /// Commits on top of `main` a harmless README, as later work of the same remote.
  func commitReadme() throws {
    var rootLines = try lines("main")
    rootLines.append("100644 blob \(try blob("notes\n"))\tREADME.md")
    let tree = try mktree(rootLines)
    git.tick()
    let commit = try git.runGit(
      ["commit-tree", tree, "-p", "main", "-m", "readme"], in: repository
    )
    .trimmingCharacters(in: .whitespacesAndNewlines)
    try git.runGit(["update-ref", "refs/heads/main", commit], in: repository)
  }

  private func blob(_ text: String) throws -> String {
    try git.runGit(["hash-object", "-w", "--stdin"], in: repository, stdin: Array(text.utf8))
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  private func mktree(_ lines: [String]) throws -> String {
    try git.runGit(
      ["mktree"], in: repository, stdin: Array(lines.map { $0 + "\n" }.joined().utf8)
    ).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  private func lines(_ treeish: String) throws -> [String] {
    try git.runGit(["ls-tree", treeish], in: repository).split(separator: "\n").map(String.init)
  }

  /// Replaces the entry called `name` of a tree listing by `entry` (mode, type and id).
  private func replace(_ name: String, with entry: String, in lines: inout [String]) throws {
    lines.removeAll { $0.hasSuffix("\t" + name) }
    lines.append(entry + "\t" + name)
  }
}

/// Every file, folder and link under `root` with its content, except the paths for
/// which `skip` is true: what "nothing was written" is checked against.
func fingerprint(_ root: String, skip: (String) -> Bool) throws -> [String: String] {
  var result: [String: String] = [:]
  let manager = FileManager.default
  guard let walker = manager.enumerator(atPath: root) else { return result }
  while let relative = walker.nextObject() as? String {
    if skip(relative) {
      walker.skipDescendants()
      continue
    }
    let path = root + "/" + relative
    if let target = try? manager.destinationOfSymbolicLink(atPath: path) {
      result[relative] = "-> " + target
      walker.skipDescendants()
    } else if let data = manager.contents(atPath: path) {
      result[relative] = data.base64EncodedString()
    } else {
      result[relative] = "folder"
    }
  }
  return result
}
