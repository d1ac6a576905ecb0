import Foundation
import HolderTestSupport
import Testing

/// The remote is the backup: a sync leaves it whole when the commits it sends repeat a tree.
///
/// Through a bare repository on this machine (add, add, undo), and a machine that fetches such
/// commits is whole too. Run through the binary as a person would type it, judged by the real
/// `git` (`fsck --strict --full`, `clone`).
@Suite struct SyncRemoteWholeTests {
  /// The shell reproduction, word for word: `git init -q --bare remote.git; holder-git init a;
  /// cd a; holder-git add …; holder-git add …; holder-git undo` (or `rm`), `holder-git remote
  /// add origin ../remote.git; holder-git sync`, then `git fsck` of the remote and
  /// `holder-git clone remote.git b`.
  @Test(arguments: [["undo"], ["rm", "https://example.com/a"]])
  func addAddThenTakeOneBackLeavesTheRemoteWhole(_ takeBack: [String]) throws {
    let binary = try HolderBinary()
    let git = binary.git
    try git.runGit(["init", "-q", "--bare", "remote.git"], in: git.root)
    #expect(try binary.run(["init", "a"]).status == 0)
    let a = git.path("a")
    #expect(try binary.run(["add", "https://github.com/x"], in: a).status == 0)
    #expect(try binary.run(["add", "https://example.com/a"], in: a).status == 0)
    #expect(try binary.run(takeBack, in: a).status == 0)
    #expect(try binary.run(["remote", "add", "origin", "../remote.git"], in: a).status == 0)
    let sync = try binary.run(["sync"], in: a)
    #expect(sync.status == 0, "\(sync.stderr)")

    try git.runGit(["fsck", "--strict", "--full", "--no-progress"], in: git.path("remote.git"))
    let missing = try git.runGit(
      ["rev-list", "--objects", "--missing=print", "--all"], in: git.path("remote.git"))
    #expect(!missing.split(separator: "\n").contains { $0.hasPrefix("?") })
    let clone = try binary.run(["clone", "remote.git", "b"])
    #expect(clone.status == 0, "\(clone.stderr)")
    let listed = try binary.run(["list"], in: git.path("b")).stdout
    #expect(listed.contains("github.com/x"))
    #expect(!listed.contains("example.com/a"))
    try git.runGit(["clone", "-q", "remote.git", "plain"], in: git.root)
    try git.runGit(["fsck", "--strict", "--full", "--no-progress"], in: git.path("plain"))
  }

  /// The same history taken in by a second machine's fetch: its sync succeeds, it passes
  /// `git fsck`, and it can sync again.
  @Test func aMachineThatFetchesARepeatedTreeIsWhole() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let remote = git.path("remote.git")
    try git.runGit(["init", "-q", "--bare", remote], in: git.root)
    let (a, b) = (git.path("a"), git.path("b"))
    #expect(try binary.run(["init", a]).status == 0)
    #expect(try binary.run(["add", "https://github.com/x"], in: a).status == 0)
    #expect(try binary.run(["remote", "add", "origin", remote], in: a).status == 0)
    #expect(try binary.run(["sync"], in: a).status == 0)
    #expect(try binary.run(["clone", remote, b]).status == 0)
    // On a: two more, then the tree of the one before again (the first walked against the
    // second, which b lacks).
    #expect(try binary.run(["add", "https://example.com/a"], in: a).status == 0)
    #expect(try binary.run(["add", "https://example.com/b"], in: a).status == 0)
    #expect(try binary.run(["undo"], in: a).status == 0)
    #expect(try binary.run(["sync"], in: a).status == 0)

    for _ in 0..<2 {
      let sync = try binary.run(["sync"], in: b)
      #expect(sync.status == 0, "\(sync.stderr)")
    }
    try git.runGit(["fsck", "--strict", "--full", "--no-progress"], in: b)
    try git.runGit(["fsck", "--strict", "--full", "--no-progress"], in: remote)
    #expect(
      try git.runGit(["rev-parse", "HEAD^{tree}"], in: a)
        == git.runGit(["rev-parse", "HEAD^{tree}"], in: b))
  }
}
