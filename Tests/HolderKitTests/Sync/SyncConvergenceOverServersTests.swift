import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import PropertyBased
import Testing

/// Issue 5's first "done when" through `git daemon` and through smart HTTP.
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

  /// Makes 200 changes on each side, syncs here, there, and here again, and checks both
  /// machines and the remote end identical, complete and clean.
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

    try makeOfflineChanges(fixture.store, device: "here", rng: &rng)
    try makeOfflineChanges(other, device: "there", rng: &rng)
    let first = try fixture.store.sync()
    #expect(first.offline == nil, "\(first.offline ?? "")")
    #expect(first.pushed)
    let report = try other.sync()
    #expect(report.offline == nil, "\(report.offline ?? "")")
    #expect(report.kind == .merged)
    #expect(report.pushed)
    #expect(!report.resolutions.isEmpty)
    let last = try fixture.store.sync()
    #expect(last.kind == .fastForward)

    let here = try fixture.runGit("rev-parse", "HEAD^{tree}")
    let there = try fixture.git.runGit(["rev-parse", "HEAD^{tree}"], in: otherPath)
    let served = try fixture.git.runGit(["rev-parse", "HEAD^{tree}"], in: remote)
    #expect(here == there)
    #expect(here == served)
    #expect(try fixture.status() == "")
    #expect(try fixture.git.runGit(["status", "--porcelain"], in: otherPath) == "")
    let bookmarks = fixture.store.list().bookmarks
    // Each side added 98 new bookmarks of its own: none may be lost in the merge.
    for device in ["here", "there"] {
      #expect(bookmarks.filter { $0.bookmark.tags.contains(device) }.count == 98)
    }
    let tags = Set(bookmarks.flatMap(\.bookmark.tags))
    #expect(!tags.contains("t0"))
    #expect(tags.contains("renamed-by-here") && tags.contains("renamed-by-there"))
    for repository in [fixture.root, otherPath, remote] {
      try fixture.git.runGit(["fsck", "--strict"], in: repository)
    }
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
