import Foundation
import HolderCoreTestSupport

/// Debian's `sshd` on 127.0.0.1 for one test: its own ed25519 host key, one authorised
/// ed25519 client key, and a `known_hosts` that trusts the host key, all in `scratch`.
public struct SSHTestServer {
  /// The running sshd; stopping it kills its sessions too.
  public let server: LoopbackServer
  /// An ssh config with everything a client needs, including the alias `holder-test` for
  /// `127.0.0.1:<port>`, so scp-like `holder-test:/path` URLs work.
  public let configFile: String
  /// The client's private key.
  public let clientKey: String
  /// The test `known_hosts`, seeded with `[127.0.0.1]:<port> ssh-ed25519 …`.
  public let knownHosts: String
  /// The user sshd lets in: the one running the tests.
  public let user: String

  /// `GIT_SSH_COMMAND` for this server, as a user would write it.
  public var sshCommand: String {
    "ssh -i \(clientKey) -o UserKnownHostsFile=\(knownHosts) -o GlobalKnownHostsFile=/dev/null "
      + "-o IdentitiesOnly=yes"
  }

  /// The environment for `holder-git` or `git` talking to this server; never prompts.
  public var environment: [String: String] {
    ["GIT_SSH_COMMAND": sshCommand, "GIT_TERMINAL_PROMPT": "0", "HOLDER_GIT_OFFLINE": "0"]
  }

  /// `ssh://user@127.0.0.1:port/<absolute path>`.
  public func url(_ path: String) -> String {
    "ssh://\(user)@127.0.0.1:\(server.port)\(path)"
  }

  /// Starts sshd with its keys and config in `scratch` (which must exist).
  public init(scratch: String) throws {
    // sshd refuses to start without its privilege separation directory; tests run as root.
    try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
    let hostKey = scratch + "/host_ed25519"
    clientKey = scratch + "/client_ed25519"
    for key in [hostKey, clientKey] {
      let made = try runProcess(
        "/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "holder-test", "-f", key],
        cwd: nil, env: nil, stdin: nil)
      guard made.status == 0 else {
        throw ProcessFailure(command: ["ssh-keygen"], status: made.status, stderr: made.stderr)
      }
    }
    try FileManager.default.copyItem(
      atPath: clientKey + ".pub", toPath: scratch + "/authorized_keys")
    user = ProcessInfo.processInfo.userName
    let port = try LoopbackServer.freePort()
    let config = """
      ListenAddress 127.0.0.1
      Port \(port)
      HostKey \(hostKey)
      AuthorizedKeysFile \(scratch)/authorized_keys
      StrictModes no
      UsePAM no
      PidFile \(scratch)/sshd.pid
      PasswordAuthentication no
      KbdInteractiveAuthentication no
      PermitRootLogin prohibit-password
      LogLevel INFO

      """
    try Data(config.utf8).write(to: URL(fileURLWithPath: scratch + "/sshd_config"))
    let hostPublic = try String(contentsOfFile: hostKey + ".pub", encoding: .utf8)
      .split(separator: " ").prefix(2).joined(separator: " ")
    knownHosts = scratch + "/known_hosts"
    try Data("[127.0.0.1]:\(port) \(hostPublic)\n".utf8)
      .write(to: URL(fileURLWithPath: knownHosts))
    configFile = scratch + "/ssh_config"
    let client = """
      Host holder-test
        HostName 127.0.0.1
        Port \(port)
        User \(user)
        IdentityFile \(clientKey)
        IdentitiesOnly yes
        UserKnownHostsFile \(knownHosts)
        GlobalKnownHostsFile /dev/null

      """
    try Data(client.utf8).write(to: URL(fileURLWithPath: configFile))
    // sshd re-executes itself, so it needs its absolute path; -D stays in the foreground and
    // -e logs to stderr, where "Server listening" is the readiness line. A shell stays in
    // between: sshd closes every inherited descriptor, including the one Foundation watches
    // to learn that a child exited, and Foundation would then block reaping every other child
    // until sshd ends.
    server = try LoopbackServer(
      executable: "/bin/sh",
      arguments: ["-c", "/usr/sbin/sshd -D -e -f '\(scratch)/sshd_config' & wait"],
      port: port, readyLine: "Server listening on 127.0.0.1 port \(port)")
  }
}
