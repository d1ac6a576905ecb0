import Foundation
import HolderCoreTestSupport
import HolderTestSupport
import Testing

/// Remotes as a git user expects them: the store that made the remote tracks it, so plain
/// `git pull` and `git push` work there as in a clone; `remote rename` and `remote set-url` do
/// what git's do; `clone` into a folder with files in it says the folder is not empty.
@Suite struct RemoteCommandTests {
  private let binary: HolderBinary
  private let remote: String
  private let store: String

  init() throws {
    binary = try HolderBinary()
    remote = binary.git.path("remote.git")
    store = binary.git.path("a")
    try binary.git.runGit(["init", "-q", "--bare", remote], in: binary.git.root)
    #expect(try binary.run(["init", store]).status == 0)
    #expect(try run(["add", "https://github.com/x", "--no-fetch"]).status == 0)
  }

  @discardableResult
  private func run(_ args: [String]) throws -> HolderBinary.Result {
    try binary.run(args, in: store)
  }

  private func git(_ args: String...) throws -> String {
    try binary.git.runGit(args, in: store)
  }

  /// A second machine's clone adds a bookmark and syncs it.
  private func addFromAnotherMachine(_ url: String) throws {
    let other = binary.git.path("b")
    if !FileManager.default.fileExists(atPath: other) {
      #expect(try binary.run(["clone", remote, other]).status == 0)
    }
    #expect(try binary.run(["add", url, "--no-fetch", "--store", other]).status == 0)
    let synced = try binary.run(["sync", "--store", other])
    #expect(synced.status == 0, "\(synced.stderr)")
  }

  @Test func plainGitPullAndPushWorkAfterRemoteAddAndSync() throws {
    let added = try run(["remote", "add", "origin", "../remote.git"])
    #expect(added.status == 0)
    #expect(added.stderr.contains("'git pull'"), "\(added.stderr)")
    #expect(try git("config", "branch.main.remote") == "origin\n")
    #expect(try git("config", "branch.main.merge") == "refs/heads/main\n")
    let synced = try run(["sync"])
    #expect(synced.status == 0, "\(synced.stderr)")

    try addFromAnotherMachine("https://example.org/from-b")
    try git("pull", "-q")
    #expect(try git("ls-files", "bookmarks").contains("from-b"))
    #expect(try run(["add", "https://example.org/from-a", "--no-fetch"]).status == 0)
    try git("push", "-q")
    #expect(try binary.git.runGit(["ls-tree", "-r", "main"], in: remote).contains("from-a"))
    #expect(try git("status", "--porcelain") == "")
    try binary.git.runGit(["fsck", "--strict"], in: remote)
  }

  @Test func aRemoteAddedWithPlainGitIsTrackedAfterTheFirstSync() throws {
    try git("remote", "add", "origin", remote)
    #expect(throws: ProcessFailure.self) { try git("config", "branch.main.remote") }
    #expect(try run(["sync"]).status == 0)
    #expect(try git("config", "branch.main.remote") == "origin\n")
    try addFromAnotherMachine("https://example.org/from-b")
    try git("pull", "-q")
    try git("push", "-q")
    #expect(try git("ls-files", "bookmarks").contains("from-b"))
  }

  @Test func anUpstreamTheUserSetIsLeftAlone() throws {
    #expect(try run(["remote", "add", "origin", remote]).status == 0)
    try git("config", "branch.main.remote", "origin")
    let second = binary.git.path("second.git")
    try binary.git.runGit(["init", "-q", "--bare", second], in: binary.git.root)
    let added = try run(["remote", "add", "backup", second])
    #expect(added.status == 0)
    #expect(!added.stderr.contains("'git pull'"), "\(added.stderr)")
    #expect(try run(["sync", "backup"]).status == 0)
    #expect(try git("config", "branch.main.remote") == "origin\n")
  }

  @Test func renameMovesTheTrackingBranchesAndTheUpstream() throws {
    #expect(try run(["remote", "add", "origin", remote]).status == 0)
    #expect(try run(["sync"]).status == 0)
    let renamed = try run(["remote", "rename", "origin", "nas"])
    #expect(renamed.status == 0, "\(renamed.stderr)")
    #expect(renamed.stderr.contains("Renamed remote 'origin' to 'nas'"), "\(renamed.stderr)")
    #expect(try git("remote") == "nas\n")
    #expect(try git("config", "branch.main.remote") == "nas\n")
    #expect(
      try git("for-each-ref", "--format=%(refname)", "refs/remotes") == "refs/remotes/nas/main\n")
    #expect(try git("config", "remote.nas.fetch") == "+refs/heads/*:refs/remotes/nas/*\n")

    // Plain git and holder-git both follow the upstream to its new name.
    try addFromAnotherMachine("https://example.org/from-b")
    let synced = try run(["sync"])
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(synced.stderr.contains("'nas'"), "\(synced.stderr)")
    #expect(try git("ls-files", "bookmarks").contains("from-b"))
    #expect(try run(["status"]).stdout.contains("'nas'"))
    try git("pull", "-q")
    try git("push", "-q")
  }

  @Test func renameRefusesAMissingOrATakenName() throws {
    #expect(try run(["remote", "add", "origin", remote]).status == 0)
    #expect(try run(["remote", "add", "backup", "/elsewhere.git"]).status == 0)
    let taken = try run(["remote", "rename", "origin", "backup"])
    #expect(taken.status == 1)
    #expect(taken.stderr.contains("'backup' is already a remote"), "\(taken.stderr)")
    let missing = try run(["remote", "rename", "nosuch", "other"])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("'nosuch' is not a remote"), "\(missing.stderr)")
    let invalid = try run(["remote", "rename", "origin", "my remote"])
    #expect(invalid.status == 1)
    #expect(invalid.stderr.contains("cannot be a remote's name"), "\(invalid.stderr)")
    #expect(try git("remote") == "backup\norigin\n")
  }

  @Test func setURLFollowsARemoteThatMoved() throws {
    #expect(try run(["remote", "add", "origin", remote]).status == 0)
    #expect(try run(["sync"]).status == 0)
    let moved = binary.git.path("moved.git")
    try FileManager.default.moveItem(atPath: remote, toPath: moved)
    #expect(try run(["add", "https://example.org/later", "--no-fetch"]).status == 0)

    let lost = try run(["sync"])
    #expect(lost.status == 5)
    #expect(lost.stderr.contains("holder-git remote set-url origin"), "\(lost.stderr)")
    let set = try run(["remote", "set-url", "origin", "../moved.git"])
    #expect(set.status == 0, "\(set.stderr)")
    #expect(try git("remote", "get-url", "origin") == "../moved.git\n")
    let found = try run(["sync"])
    #expect(found.status == 0, "\(found.stderr)")
    #expect(try binary.git.runGit(["ls-tree", "-r", "main"], in: moved).contains("later"))
    try git("pull", "-q")

    let unknown = try run(["remote", "set-url", "nosuch", "/x.git"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains("'nosuch' is not a remote"), "\(unknown.stderr)")
  }

  @Test func cloneIntoAFolderWithFilesSaysItIsNotEmpty() throws {
    #expect(try run(["remote", "add", "origin", remote]).status == 0)
    #expect(try run(["sync"]).status == 0)
    let folder = binary.git.path("notes")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/todo.txt"))
    let refused = try binary.run(["clone", remote, folder])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("is not empty"), "\(refused.stderr)")
    #expect(!refused.stderr.contains("holder-git store"), "\(refused.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["todo.txt"])

    let onAStore = try binary.run(["clone", remote, store])
    #expect(onAStore.status == 1)
    #expect(onAStore.stderr.contains("is already a holder-git store"), "\(onAStore.stderr)")
  }
}
