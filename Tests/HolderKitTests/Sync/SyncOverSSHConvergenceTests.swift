import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import PropertyBased
import Testing

/// Convergence through ssh: two clones of one store, each with 200 different
/// offline changes, converge after syncing both ways through Debian's sshd on 127.0.0.1.
///
/// The library talks to sshd in this process, so ssh's settings come from the repositories'
/// `core.sshCommand` (an `ssh -F` config with the `holder-test` alias), as a user's would.
@Suite(.serialized) struct SyncOverSSHConvergenceTests {
  @Test func twoClonesWith200OfflineChangesEachConvergeThroughSSH() throws {
    var rng = Xoshiro(seed: (71, 72, 73, 74))
    let fixture = try StoreFixture()
    for n in 0..<120 {
      try fixture.add("https://example.org/shared/\(n)", tags: ["shared", "t\(n % 4)"])
    }
    let remote = try fixture.addBareRemote()
    let scratch = fixture.git.path("sshd")
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    let ssh = try SSHTestServer(scratch: scratch)
    let url = "holder-test:\(remote)"
    let sshCommand = "ssh -F \(ssh.configFile)"
    try fixture.runGit("remote", "set-url", "origin", url)
    try fixture.runGit("config", "core.sshCommand", sshCommand)
    // The other machine is cloned by the real git over the same ssh.
    let otherPath = fixture.git.path("other")
    try fixture.git.runGit(
      ["clone", "-q", url, otherPath], in: fixture.git.root,
      env: ["GIT_SSH_COMMAND": sshCommand])
    try fixture.git.runGit(["config", "core.sshCommand", sshCommand], in: otherPath)
    let other = try Store.open(
      at: otherPath,
      environment: .deterministic(
        start: Timestamp(millisecondsSince1970: 1_763_716_450_000), firstID: 1_000_000))

    try expectConvergence(
      fixture, other: other, otherPath: otherPath, remote: remote, rng: &rng)
    withExtendedLifetime(ssh) {}
  }
}
