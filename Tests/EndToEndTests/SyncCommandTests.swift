import Foundation
import HolderTestSupport
import Testing

@Suite struct SyncCommandTests {
  /// Two machines through a bare repository: adds, edits of one bookmark on both sides and a
  /// deletion converge to identical trees, with the settled conflict listed.
  @Test func twoStoresConvergeThroughABareRepository() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let remote = git.path("remote.git")
    try git.runGit(["init", "-q", "--bare", remote], in: git.root)
    let laptop = git.path("laptop")
    #expect(try binary.run(["init", laptop]).status == 0)
    try git.runGit(["remote", "add", "origin", remote], in: laptop)
    for n in 1...3 {
      #expect(
        try binary.run(["add", "--store", laptop, "https://example.org/\(n)", "--title", "P\(n)"])
          .status == 0)
    }
    let first = try binary.run(["sync", "--store", laptop], env: ["HOLDER_GIT_DEVICE": "laptop"])
    #expect(first.status == 0, "\(first.stderr)")
    let phone = git.path("phone")
    try git.runGit(["clone", "-q", remote, phone], in: git.root)

    #expect(try binary.run(["add", "--store", phone, "https://example.org/phone"]).status == 0)
    #expect(try binary.run(["rm", "--store", phone, "https://example.org/3"]).status == 0)
    #expect(
      try binary.run([
        "add", "--store", laptop, "https://example.org/1", "--update", "--title", "Laptop",
      ]).status == 0)
    #expect(
      try binary.run([
        "add", "--store", phone, "https://example.org/1", "--update", "--title", "Phone",
        "--tag", "mobile",
      ]).status == 0)
    let fromPhone = try binary.run(["sync", "--store", phone])
    #expect(fromPhone.status == 0, "\(fromPhone.stderr)")
    let fromLaptop = try binary.run(["sync", "--store", laptop])
    #expect(fromLaptop.status == 0, "\(fromLaptop.stderr)")
    #expect(fromLaptop.stderr.contains("settled:"))
    let again = try binary.run(["sync", "--store", phone])
    #expect(again.status == 0, "\(again.stderr)")

    let laptopTree = try git.runGit(["rev-parse", "HEAD^{tree}"], in: laptop)
    let phoneTree = try git.runGit(["rev-parse", "HEAD^{tree}"], in: phone)
    #expect(laptopTree == phoneTree)
    let listed = try binary.run(["list", "--store", phone]).stdout
    #expect(listed.contains("Phone"))
    #expect(listed.contains("mobile"))
    #expect(!listed.contains("example.org/3"))
    #expect(listed.contains("example.org/phone"))
    for store in [laptop, phone] {
      #expect(try git.runGit(["status", "--porcelain"], in: store) == "")
      try git.runGit(["fsck", "--strict"], in: store)
    }

    // The settled conflict is listed with the command that restores the value that lost.
    let conflicts = try binary.run(["conflicts", "--store", laptop])
    let lines = conflicts.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.contains("title: kept \"Phone\"") == true, "\(conflicts.stdout)")
    let command = try #require(
      lines.first { $0.contains("to restore the other value: ") }?
        .components(separatedBy: "to restore the other value: holder-git ").last)
    let restore = try binary.run(
      command.split(separator: " ").map(String.init) + ["--store", laptop])
    #expect(restore.status == 0, "\(restore.stderr)")
    #expect(try binary.run(["list", "--store", laptop]).stdout.contains("Laptop"))
  }

  @Test func anUnreachableRemoteKeepsEverythingCommittedAndSaysSo() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    try binary.git.runGit(["remote", "add", "origin", binary.git.path("missing.git")], in: store)
    #expect(try binary.run(["add", "--store", store, "https://example.org/x"]).status == 0)
    let sync = try binary.run(["sync", "--store", store])
    #expect(sync.status == 5, "a cron job notices: \(sync.stderr)")
    #expect(sync.stderr.contains("could not be reached"))
    // libgit2 calls a missing folder an "unsupported URL protocol"; the user needs the path.
    #expect(
      sync.stderr.contains("nothing is at '\(binary.git.path("missing.git"))'"), "\(sync.stderr)")
    #expect(sync.stderr.contains("holder-git remote set-url origin"), "\(sync.stderr)")
    #expect(!sync.stderr.contains("unsupported URL protocol"), "\(sync.stderr)")
    #expect(!(sync.stdout + sync.stderr).contains("up to date"), "\(sync.stderr)")
    #expect(
      try binary.git.runGit(["log", "--format=%s", "-1"], in: store) == "Add \"example.org/x\"\n")
  }

  @Test func anUnknownRemoteIsAnErrorNamingTheRemotesThereAre() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    try binary.git.runGit(["init", "-q", "--bare", binary.git.path("r.git")], in: binary.git.root)
    try binary.git.runGit(["remote", "add", "backup", binary.git.path("r.git")], in: store)
    let sync = try binary.run(["sync", "--store", store, "nosuchremote"])
    #expect(sync.status == 1, "\(sync.stderr)")
    #expect(sync.stderr.contains("'nosuchremote'"), "\(sync.stderr)")
    #expect(sync.stderr.contains("'backup'"), "\(sync.stderr)")
    #expect(!(sync.stdout + sync.stderr).contains("up to date"), "\(sync.stderr)")
    // Without a name, the default 'origin' is unknown too.
    let plain = try binary.run(["sync", "--store", store])
    #expect(plain.status == 1, "\(plain.stderr)")
    #expect(plain.stderr.contains("'origin'") && plain.stderr.contains("'backup'"))
  }

  @Test func aStoreWithNoRemoteSaysHowToAddOne() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(try binary.run(["add", "--store", store, "https://example.org/x"]).status == 0)
    let sync = try binary.run(["sync", "--store", store])
    #expect(sync.status == 1, "\(sync.stderr)")
    #expect(sync.stderr.contains("holder-git remote add origin URL"), "\(sync.stderr)")
    #expect(!(sync.stdout + sync.stderr).contains("up to date"), "\(sync.stderr)")
  }

  @Test func cloneOfAFolderThatIsNotARepositorySaysSo() throws {
    let binary = try HolderBinary()
    let plain = binary.git.path("plain")
    try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
    for source in [plain, "missing", binary.git.path("missing.git")] {
      let cloned = try binary.run(["clone", source, binary.git.path("copy")])
      #expect(cloned.status == 1, "\(cloned.stderr)")
      #expect(cloned.stderr.contains("is not a git repository"), "\(cloned.stderr)")
      #expect(!cloned.stderr.contains("git_clone"), "\(cloned.stderr)")
      #expect(!FileManager.default.fileExists(atPath: binary.git.path("copy")))
    }
  }

  @Test func aRemoteThatIsAWorkTreeIsRefusedWithTheFix() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    let other = binary.git.path("other")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(try binary.run(["init", other]).status == 0)
    try binary.git.runGit(["remote", "add", "origin", other], in: store)
    let sync = try binary.run(["sync", "--store", store])
    #expect(sync.status == 1)
    #expect(sync.stderr.contains("git clone --bare"))
  }

  @Test func syncWorksThroughGitDaemon() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let served = git.path("served")
    try git.runGit(["init", "-q", "--bare", served + "/store.git"], in: git.root)
    let daemon = try LoopbackServer.gitDaemon(basePath: served)
    let url = "git://127.0.0.1:\(daemon.port)/store.git"
    let laptop = git.path("laptop")
    #expect(try binary.run(["init", laptop]).status == 0)
    try git.runGit(["remote", "add", "origin", url], in: laptop)
    #expect(try binary.run(["add", "--store", laptop, "https://example.org/daemon"]).status == 0)
    let pushed = try binary.run(["sync", "--store", laptop])
    #expect(pushed.status == 0, "\(pushed.stderr)")
    #expect(!pushed.stderr.contains("could not be reached"), "\(pushed.stderr)")
    let phone = git.path("phone")
    try git.runGit(["clone", "-q", url, phone], in: git.root)
    #expect(try binary.run(["add", "--store", phone, "https://example.org/phone"]).status == 0)
    #expect(try binary.run(["sync", "--store", phone]).status == 0)
    let pulled = try binary.run(["sync", "--store", laptop])
    #expect(pulled.status == 0)
    #expect(pulled.stdout.contains("Added"))
    #expect(
      try git.runGit(["rev-parse", "HEAD"], in: laptop)
        == (try git.runGit(["rev-parse", "HEAD"], in: phone)))
    withExtendedLifetime(daemon) {}
  }

  @Test func cloneRemoteStatusAndADryRunThatChangesNothing() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let remote = git.path("remote.git")
    try git.runGit(["init", "-q", "--bare", remote], in: git.root)
    let laptop = git.path("laptop")
    #expect(try binary.run(["init", laptop]).status == 0)
    let added = try binary.run(["remote", "add", "--store", laptop, "origin", remote])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try binary.run(["remote", "list", "--store", laptop]).stdout == "origin\t\(remote)\n")
    #expect(
      try binary.run(["add", "--store", laptop, "https://example.org/a", "--tag", "t"]).status == 0)
    #expect(try binary.run(["status", "--store", laptop]).stdout.contains("Never synced"))
    #expect(try binary.run(["sync", "--store", laptop]).status == 0)

    let cloned = try binary.run(["clone", remote, "phone"])
    #expect(cloned.status == 0, "\(cloned.stderr)")
    let phone = git.path("phone")
    #expect(FileManager.default.fileExists(atPath: phone + "/tags/t"))
    #expect(
      try git.runGit(["config", "merge.holder-git.driver"], in: phone).contains("merge-driver"))

    #expect(try binary.run(["add", "--store", phone, "https://example.org/b"]).status == 0)
    #expect(try binary.run(["sync", "--store", phone]).status == 0)
    let before = try git.runGit(["rev-parse", "HEAD"], in: laptop)
    let plan = try binary.run(["sync", "--store", laptop, "--dry-run"])
    #expect(plan.status == 0, "\(plan.stderr)")
    #expect(plan.stdout.contains("Added \"example.org/b\""))
    #expect(try git.runGit(["rev-parse", "HEAD"], in: laptop) == before)
    let status = try binary.run(["status", "--store", laptop]).stdout
    #expect(status.contains("0 commits to send to 'origin', 1 to take in"), "\(status)")
    #expect(try binary.run(["remote", "remove", "--store", laptop, "origin"]).status == 0)
    #expect(try binary.run(["remote", "list", "--store", laptop]).stdout == "")
  }

  /// A clone of a remote whose HEAD names a branch that was never pushed takes the one branch
  /// there; with several, it says which to clone and leaves no folder behind.
  ///
  /// `git init --bare` names `master` in the remote's HEAD while holder-git pushes `main`: the
  /// first clone a new user makes used to fail.
  @Test func aCloneOfARemoteWhoseHeadNamesAMissingBranchTakesTheBranchThere() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let remote = git.path("remote.git")
    try git.runGit(["init", "-q", "--bare", "--initial-branch=master", remote], in: git.root)
    let empty = try binary.run(["clone", remote, git.path("early")])
    #expect(empty.status == 1)
    #expect(empty.stderr.contains("holds no branch yet"), "\(empty.stderr)")
    #expect(!FileManager.default.fileExists(atPath: git.path("early")))

    let laptop = git.path("laptop")
    #expect(try binary.run(["init", laptop]).status == 0)
    #expect(try binary.run(["remote", "add", "--store", laptop, "origin", remote]).status == 0)
    #expect(try binary.run(["add", "--store", laptop, "https://example.org/x"]).status == 0)
    #expect(try binary.run(["sync", "--store", laptop]).status == 0)
    let phone = git.path("phone")
    let cloned = try binary.run(["clone", remote, phone])
    #expect(cloned.status == 0, "\(cloned.stderr)")
    #expect(try binary.run(["list", "--store", phone]).stdout.contains("example.org/x"))
    #expect(try git.runGit(["status", "--porcelain"], in: phone) == "")
    // It tracks the branch, so sync works from the clone as from any other.
    #expect(try binary.run(["add", "--store", phone, "https://example.org/y"]).status == 0)
    let sent = try binary.run(["sync", "--store", phone])
    #expect(sent.status == 0, "\(sent.stderr)")
    #expect(try binary.run(["sync", "--store", laptop]).status == 0)
    #expect(try binary.run(["list", "--store", laptop]).stdout.contains("example.org/y"))

    try git.runGit(["push", "-q", remote, "main:other"], in: laptop)
    let several = try binary.run(["clone", remote, git.path("tablet")])
    #expect(several.status == 1)
    #expect(several.stderr.contains("'main', 'other'"), "\(several.stderr)")
    #expect(several.stderr.contains("git clone -b main"), "\(several.stderr)")
    #expect(!FileManager.default.fileExists(atPath: git.path("tablet")))
  }
}
