import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import PropertyBased
import Testing

/// Convergence through `git daemon` and through smart HTTP.
///
/// Smart HTTP is Apache with `git http-backend`, pushes behind basic authentication answered
/// by git's credential helper. Two clones, each with 200 different offline changes, converge
/// after syncing both ways, with every resolution listed. The ssh variant is
/// `SyncOverSSHConvergenceTests`.
@Suite(.serialized) struct SyncConvergenceOverServersTests {
  /// A store of 120 shared bookmarks whose `origin` is `served/store.git`.
  private func sharedStore() throws -> (fixture: StoreFixture, served: String) {
    let fixture = try StoreFixture()
    for n in 0..<120 {
      try fixture.add("https://example.org/shared/\(n)", tags: ["shared", "t\(n % 4)"])
    }
    let served = fixture.git.path("served")
    try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
    try fixture.git.runGit(
      ["clone", "-q", "--bare", fixture.root, served + "/store.git"], in: fixture.git.root)
    return (fixture, served)
  }

  /// Points the store at `url`, clones the other machine from it, and checks they converge.
  private func converge(
    _ fixture: StoreFixture, url: String, remote: String, configure: (String) throws -> Void
  ) throws {
    var rng = Xoshiro(seed: (81, 82, 83, 84))
    try fixture.runGit("remote", "add", "origin", url)
    try configure(fixture.root)
    let otherPath = fixture.git.path("other")
    let other = try Store.clone(
      from: url, to: otherPath,
      environment: .deterministic(
        start: Timestamp(millisecondsSince1970: 1_763_716_450_000), firstID: 1_000_000))
    try configure(otherPath)
    try expectConvergence(
      fixture, other: other, otherPath: otherPath, remote: remote, rng: &rng)
  }

  @Test func twoClonesWith200OfflineChangesEachConvergeThroughGitDaemon() throws {
    let (fixture, served) = try sharedStore()
    let daemon = try LoopbackServer.gitDaemon(basePath: served)
    try converge(
      fixture, url: "git://127.0.0.1:\(daemon.port)/store.git", remote: served + "/store.git"
    ) { _ in }
    withExtendedLifetime(daemon) {}
  }

  @Test func twoClonesWith200OfflineChangesEachConvergeThroughSmartHTTP() throws {
    let (fixture, served) = try sharedStore()
    let scratch = fixture.git.path("apache")
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    let apache = try LoopbackServer.apacheGit(
      root: served, user: "alice", password: "secret", scratch: scratch)
    // The password lives in git's credential store, as a user's would, never in the remote URL.
    let credentials = fixture.git.path("credentials")
    try Data("http://alice:secret@127.0.0.1:\(apache.port)\n".utf8)
      .write(to: URL(fileURLWithPath: credentials))
    try converge(
      fixture, url: "http://127.0.0.1:\(apache.port)/git/store.git",
      remote: served + "/store.git"
    ) { repository in
      try fixture.git.runGit(
        ["config", "credential.helper", "store --file=\(credentials)"], in: repository)
    }
    for repository in [fixture.root, fixture.git.path("other")] {
      let config = try String(contentsOfFile: repository + "/.git/config", encoding: .utf8)
      #expect(!config.contains("secret"))
    }
    withExtendedLifetime(apache) {}
  }
}
