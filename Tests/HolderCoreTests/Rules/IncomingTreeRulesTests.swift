import HolderCore
import Testing

/// Which tree paths holder-git writes: git's `verify_path` rules, then the store's layout.
@Suite struct IncomingTreeRulesTests {
  @Test(arguments: [
    "bookmarks/../../.ssh/authorized_keys", "bookmarks/./e/x.json", "bookmarks//e/x.json",
    ".git/hooks/post-checkout", ".GIT/config", ".Git./hooks/x", ".git /hooks/x", "git~1/config",
    ".git::$INDEX_ALLOCATION/x", ".g\u{200C}it/hooks/x", "notes/a\u{1B}[2Jb", "notes\\..\\x",
    "README/..", "a/\u{FEFF}.git/x",
  ])
  func gitsOwnPathRulesRefuse(path: String) {
    #expect(IncomingTreeRules.problem(path: path, kind: .regularFile) != nil)
  }

  @Test(arguments: [
    "bookmarks/g/github.com/swiftlang-swift-mfrggzdf.json", "bookmarks/l/localhost:8080/a.json",
    "bookmarks/_/_javascript/abcdefgh.json", ".holder/store.json", ".holder/bookmark.schema.json",
    ".gitattributes", ".gitignore", "README.md", "notes/.github/x", "notes/.gitkeep",
    "notes/...", "notes/서울.md",
  ])
  func whatAStoreHoldsIsAccepted(path: String) {
    #expect(IncomingTreeRules.problem(path: path, kind: .regularFile) == nil)
  }

  @Test func theStoresFoldersTakeOnlyWhatHolderGitWritesThere() {
    let rules = IncomingTreeRules.self
    #expect(rules.problem(path: "bookmarks/e/example.org/x.json", kind: .symlink) != nil)
    #expect(rules.problem(path: "bookmarks/e/example.org/x.json", kind: .executable) != nil)
    #expect(rules.problem(path: "bookmarks/e/example.org/x.json", kind: .submodule) != nil)
    #expect(rules.problem(path: "bookmarks/x.json", kind: .regularFile) != nil)
    #expect(rules.problem(path: "bookmarks/e/example.org/deeper/x.json", kind: .regularFile) != nil)
    #expect(rules.problem(path: ".holder/local/index", kind: .regularFile) != nil)
    #expect(rules.problem(path: ".holder/hooks.sh", kind: .regularFile) != nil)
    #expect(rules.problem(path: "tags/reading/x.json", kind: .regularFile) != nil)
    #expect(rules.problem(path: ".gitattributes", kind: .symlink) != nil)
    // A user's own files elsewhere: a script may be executable; links never are written.
    #expect(rules.problem(path: "scripts/backup.sh", kind: .executable) == nil)
    #expect(rules.problem(path: "scripts/link", kind: .symlink) != nil)
  }
}
