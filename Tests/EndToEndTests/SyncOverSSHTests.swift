import Foundation
import HolderTestSupport
import Testing

/// Sync through Debian's sshd on 127.0.0.1, with holder-git running the system `ssh` as git
/// does: `GIT_SSH_COMMAND`, `~/.ssh/config`-style aliases and `known_hosts` all apply.
@Suite(.serialized) struct SyncOverSSHTests {
  private func serve(_ git: GitFixture) throws -> (SSHTestServer, String) {
    let remote = git.path("served/store.git")
    try git.runGit(["init", "-q", "--bare", "--initial-branch=main", remote], in: git.root)
    let scratch = git.path("sshd")
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    return (try SSHTestServer(scratch: scratch), remote)
  }

  @Test func cloneAndSyncBothWaysOverSSH() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let (ssh, remote) = try serve(git)
    let url = ssh.url(remote)
    let env = ssh.environment
    let laptop = git.path("laptop")
    #expect(try binary.run(["init", laptop]).status == 0)
    #expect(try binary.run(["remote", "add", "--store", laptop, "origin", url]).status == 0)
    for n in 1...3 {
      #expect(try binary.run(["add", "--store", laptop, "https://example.org/\(n)"]).status == 0)
    }
    let pushed = try binary.run(["sync", "--store", laptop], env: env)
    #expect(pushed.status == 0, "\(pushed.stderr)")
    #expect(pushed.stderr.contains("Sent local changes"), "\(pushed.stderr)")

    let phone = git.path("phone")
    let cloned = try binary.run(["clone", url, phone], env: env)
    #expect(cloned.status == 0, "\(cloned.stderr)")
    #expect(try binary.run(["add", "--store", phone, "https://example.org/phone"]).status == 0)
    #expect(try binary.run(["rm", "--store", phone, "https://example.org/3"]).status == 0)
    #expect(
      try binary.run([
        "add", "--store", laptop, "https://example.org/1", "--update", "--title", "Laptop",
      ]).status == 0)
    #expect(try binary.run(["sync", "--store", phone], env: env).status == 0)
    let merged = try binary.run(["sync", "--store", laptop], env: env)
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(try binary.run(["sync", "--store", phone], env: env).status == 0)

    #expect(
      try git.runGit(["rev-parse", "HEAD^{tree}"], in: laptop)
        == (try git.runGit(["rev-parse", "HEAD^{tree}"], in: phone)))
    let listed = try binary.run(["list", "--store", phone]).stdout
    #expect(listed.contains("Laptop"))
    #expect(listed.contains("example.org/phone"))
    #expect(!listed.contains("example.org/3"))
    for repository in [laptop, phone, remote] {
      try git.runGit(["fsck", "--strict"], in: repository)
    }
    withExtendedLifetime(ssh) {}
  }

  /// An scp-like `alias:path` URL whose host, port, user and key come from an ssh config file.
  @Test func anSCPLikeURLThroughAnSSHConfigAlias() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let (ssh, remote) = try serve(git)
    let env = [
      "GIT_SSH_COMMAND": "ssh -F \(ssh.configFile)", "GIT_TERMINAL_PROMPT": "0",
      "HOLDER_GIT_OFFLINE": "0",
    ]
    let url = "holder-test:\(remote)"
    let laptop = git.path("laptop")
    #expect(try binary.run(["init", laptop]).status == 0)
    #expect(try binary.run(["remote", "add", "--store", laptop, "origin", url]).status == 0)
    #expect(try binary.run(["add", "--store", laptop, "https://example.org/alias"]).status == 0)
    let pushed = try binary.run(["sync", "--store", laptop], env: env)
    #expect(pushed.status == 0, "\(pushed.stderr)")
    // The real git reads the same URL and settings and sees what holder-git pushed.
    let listed = try git.runGit(["ls-remote", url], in: git.root, env: env)
    #expect(
      listed.contains(
        try git.runGit(["rev-parse", "HEAD"], in: laptop).trimmingCharacters(in: .newlines)))
    let phone = git.path("phone")
    #expect(try binary.run(["clone", url, phone], env: env).status == 0)
    #expect(try binary.run(["list", "--store", phone]).stdout.contains("example.org/alias"))
    try git.runGit(["fsck", "--strict"], in: remote)
    withExtendedLifetime(ssh) {}
  }

  @Test func anUnknownHostKeyFailsAtOnceAndSaysWhatToDo() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let (ssh, remote) = try serve(git)
    let laptop = git.path("laptop")
    #expect(try binary.run(["init", laptop]).status == 0)
    #expect(
      try binary.run(["remote", "add", "--store", laptop, "origin", ssh.url(remote)]).status == 0)
    #expect(try binary.run(["add", "--store", laptop, "https://example.org/x"]).status == 0)
    // No known_hosts entry and no GIT_TERMINAL_PROMPT=0: ssh must still not wait for a "yes".
    let empty = git.path("empty_known_hosts")
    try Data().write(to: URL(fileURLWithPath: empty))
    let command =
      "ssh -i \(ssh.clientKey) -o UserKnownHostsFile=\(empty) -o GlobalKnownHostsFile=/dev/null"
    let refused = try binary.run(
      ["sync", "--store", laptop], env: ["GIT_SSH_COMMAND": command, "HOLDER_GIT_OFFLINE": "0"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("Host key verification failed"), "\(refused.stderr)")
    #expect(refused.stderr.contains("known_hosts"), "\(refused.stderr)")
    #expect(
      try git.runGit(["log", "--format=%s", "-1"], in: laptop) == "Add \"example.org/x\"\n")
    // Nothing was written to the known_hosts file behind the user's back.
    #expect(try Data(contentsOf: URL(fileURLWithPath: empty)).isEmpty)
    withExtendedLifetime(ssh) {}
  }

  @Test func aKeyTheServerDoesNotKnowIsRefusedWithAClearMessage() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let (ssh, remote) = try serve(git)
    let stranger = git.path("stranger")
    _ = try runProcess(
      "/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", stranger], cwd: nil, env: nil,
      stdin: nil)
    let command =
      "ssh -i \(stranger) -o UserKnownHostsFile=\(ssh.knownHosts) -o IdentitiesOnly=yes"
    let cloned = try binary.run(
      ["clone", ssh.url(remote), git.path("phone")],
      env: ["GIT_SSH_COMMAND": command, "GIT_TERMINAL_PROMPT": "0", "HOLDER_GIT_OFFLINE": "0"])
    #expect(cloned.status == 1)
    #expect(cloned.stderr.contains("Permission denied (publickey)"), "\(cloned.stderr)")
    #expect(cloned.stderr.contains("ssh-add -l"), "\(cloned.stderr)")
    withExtendedLifetime(ssh) {}
  }

  /// A server that is down is the offline case: everything stays committed, the sync says
  /// why in ssh's words, and the next sync, with the server back, sends it.
  @Test func aServerThatIsDownKeepsEverythingAndTheNextSyncSendsIt() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let (ssh, remote) = try serve(git)
    let laptop = git.path("laptop")
    #expect(try binary.run(["init", laptop]).status == 0)
    #expect(
      try binary.run(["remote", "add", "--store", laptop, "origin", ssh.url(remote)]).status == 0)
    #expect(try binary.run(["add", "--store", laptop, "https://example.org/later"]).status == 0)
    ssh.server.stop()
    let offline = try binary.run(["sync", "--store", laptop], env: ssh.environment)
    #expect(offline.status == 5, "\(offline.stderr)")
    #expect(offline.stderr.contains("could not be reached"), "\(offline.stderr)")
    #expect(offline.stderr.contains("Connection refused"), "\(offline.stderr)")
    #expect(try git.runGit(["for-each-ref"], in: remote) == "")

    let scratch = git.path("sshd-again")
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    let again = try SSHTestServer(scratch: scratch)
    let url = again.url(remote)
    try git.runGit(["remote", "set-url", "origin", url], in: laptop)
    let sent = try binary.run(["sync", "--store", laptop], env: again.environment)
    #expect(sent.status == 0, "\(sent.stderr)")
    #expect(
      try git.runGit(["rev-parse", "main"], in: remote)
        == (try git.runGit(["rev-parse", "HEAD"], in: laptop)))
    try git.runGit(["fsck", "--strict"], in: remote)
    withExtendedLifetime(again) {}
  }
}
