import Testing

@testable import Git

@Suite struct SSHCommandTests {
  private func command(
    _ url: String, service: String = "git-upload-pack", environment: [String: String] = [:],
    sshCommand: String? = nil, variant: String? = nil, batch: Bool = true
  ) throws -> SSHCommand {
    let remote = try #require(SSHRemote(url: url))
    return try SSHCommand(
      service: service, remote: remote, environment: environment, sshCommand: sshCommand,
      variantSetting: variant, batch: batch)
  }

  @Test(arguments: [
    (
      "ssh://git@example.org/srv/store.git",
      SSHRemote(user: "git", host: "example.org", port: nil, path: "/srv/store.git")
    ),
    (
      "ssh://example.org:2222/srv/s.git",
      SSHRemote(user: nil, host: "example.org", port: 2222, path: "/srv/s.git")
    ),
    ("ssh://me@[::1]:22/~/s.git", SSHRemote(user: "me", host: "::1", port: 22, path: "~/s.git")),
    ("git+ssh://h/~alice/s.git", SSHRemote(user: nil, host: "h", port: nil, path: "~alice/s.git")),
    (
      "git@github.com:me/store.git",
      SSHRemote(user: "git", host: "github.com", port: nil, path: "me/store.git")
    ),
    (
      "holder-test:/srv/s.git",
      SSHRemote(user: nil, host: "holder-test", port: nil, path: "/srv/s.git")
    ),
    ("[h:2200]:s.git", SSHRemote(user: nil, host: "h", port: 2200, path: "s.git")),
  ])
  func urlsParseAsGitReadsThem(url: String, expected: SSHRemote) {
    #expect(SSHRemote(url: url) == expected)
  }

  @Test(arguments: ["/local/path", "./dir:with/colon", "ssh://host", "https://example.org/x"])
  func nonSSHAddressesAreNotTakenForSSH(url: String) {
    #expect(SSHRemote(url: url) == nil)
  }

  @Test func plainSSHGetsThePortBatchModeAndAQuotedPath() throws {
    let built = try command("ssh://git@example.org:2222/srv/it's here.git")
    #expect(
      built.arguments == [
        "/bin/sh", "-c", "'ssh' \"$@\"", "'ssh'", "-o", "BatchMode=yes", "-p", "2222",
        "git@example.org", "git-upload-pack '/srv/it'\\''s here.git'",
      ])
  }

  @Test func aTerminalLetsSSHAskAndReceivePackIsRunForPushes() throws {
    let built = try command("host:s.git", service: "git-receive-pack", batch: false)
    #expect(Array(built.arguments.suffix(2)) == ["host", "git-receive-pack 's.git'"])
    #expect(!built.arguments.contains("BatchMode=yes"))
  }

  @Test func gitSSHCommandWinsOverCoreSSHCommandWhichWinsOverGitSSH() throws {
    let environment = ["GIT_SSH_COMMAND": "ssh -i key", "GIT_SSH": "/opt/plink"]
    let fromEnvironment = try command("h:s", environment: environment, sshCommand: "ssh -F cfg")
    #expect(fromEnvironment.arguments[2] == "ssh -i key \"$@\"")
    let fromConfig = try command(
      "h:s", environment: ["GIT_SSH": "/opt/plink"], sshCommand: "ssh -F c")
    #expect(fromConfig.arguments[2] == "ssh -F c \"$@\"")
    let program = try command("ssh://h:22/s", environment: ["GIT_SSH": "/opt/plink.exe"])
    #expect(program.variant == .plink)
    #expect(program.arguments[2] == "'/opt/plink.exe' \"$@\"")
    #expect(Array(program.arguments[4...6]) == ["-batch", "-P", "22"])
  }

  @Test func theVariantSettingDecidesTheOptions() throws {
    let tortoise = try command("ssh://h:22/s", variant: "tortoiseplink", batch: false)
    #expect(Array(tortoise.arguments[4...6]) == ["-batch", "-P", "22"])
    let overridden = try command(
      "h:s", environment: ["GIT_SSH_VARIANT": "simple", "GIT_SSH_COMMAND": "plink"])
    #expect(overridden.arguments.suffix(2) == ["h", "git-upload-pack 's'"])
    #expect(overridden.arguments.count == 6)
    #expect(throws: SSHCommand.Failure.self) {
      try command("ssh://h:2222/s", variant: "simple")
    }
  }

  /// One choice of program and options: the environment, `core.sshCommand` and `ssh.variant`
  /// given, and what git would run for `ssh://me@h:2222/s`.
  struct Choice: Sendable, CustomTestStringConvertible {
    var environment: [String: String] = [:]
    var sshCommand: String?
    var variant: String?
    var batch = true
    /// The shell command that runs (`arguments[3]`).
    var runs: String
    /// The options between the command and the destination.
    var options: [String]

    var testDescription: String {
      "\(environment.sorted { $0.key < $1.key }) core.sshCommand=\(sshCommand ?? "-") "
        + "ssh.variant=\(variant ?? "-") batch=\(batch)"
    }
  }

  @Test(arguments: [
    // GIT_SSH_COMMAND first, then core.sshCommand, then GIT_SSH, then plain ssh.
    Choice(
      environment: ["GIT_SSH_COMMAND": "ssh -4", "GIT_SSH": "/opt/plink"],
      sshCommand: "plink -v", runs: "ssh -4", options: ["-o", "BatchMode=yes", "-p", "2222"]),
    Choice(
      environment: ["GIT_SSH": "/usr/bin/ssh"], sshCommand: "plink -v", runs: "plink -v",
      options: ["-batch", "-P", "2222"]),
    Choice(
      environment: ["GIT_SSH": "/opt/PuTTY/plink.exe"], runs: "'/opt/PuTTY/plink.exe'",
      options: ["-batch", "-P", "2222"]),
    Choice(runs: "'ssh'", options: ["-o", "BatchMode=yes", "-p", "2222"]),
    // Without batch mode ssh and plink may prompt; TortoisePlink always gets -batch.
    Choice(batch: false, runs: "'ssh'", options: ["-p", "2222"]),
    Choice(
      environment: ["GIT_SSH": "/opt/plink"], batch: false, runs: "'/opt/plink'",
      options: ["-P", "2222"]),
    Choice(
      environment: ["GIT_SSH": "/opt/TortoisePlink.exe"], batch: false,
      runs: "'/opt/TortoisePlink.exe'", options: ["-batch", "-P", "2222"]),
    // ssh.variant beats the program's name, and GIT_SSH_VARIANT beats ssh.variant.
    Choice(
      environment: ["GIT_SSH": "/opt/plink"], variant: "ssh", runs: "'/opt/plink'",
      options: ["-o", "BatchMode=yes", "-p", "2222"]),
    Choice(
      environment: ["GIT_SSH_VARIANT": "putty"], sshCommand: "ssh -F cfg", variant: "ssh",
      runs: "ssh -F cfg", options: ["-batch", "-P", "2222"]),
    // `auto` (or a name git does not know) goes back to guessing from the program's name.
    Choice(
      environment: ["GIT_SSH_VARIANT": "auto", "GIT_SSH": "/opt/plink"], runs: "'/opt/plink'",
      options: ["-batch", "-P", "2222"]),
  ])
  func theProgramAndItsOptionsAreChosenInGitsOrder(_ choice: Choice) throws {
    let built = try command(
      "ssh://me@h:2222/s", environment: choice.environment, sshCommand: choice.sshCommand,
      variant: choice.variant, batch: choice.batch)

    #expect(
      built.arguments
        == ["/bin/sh", "-c", choice.runs + " \"$@\"", choice.runs] + choice.options + [
          "me@h", "git-upload-pack '/s'",
        ])
  }

  @Test func aHostOrPathThatLooksLikeAnOptionIsRefused() {
    #expect(throws: SSHCommand.Failure.self) { try command("ssh://-oProxyCommand=x/s") }
    #expect(throws: SSHCommand.Failure.self) { try command("host:-x") }
  }

  @Test func quotingEscapesQuotesAndBangsAsGitDoes() {
    #expect(SSHCommand.quoted("a'b!c") == "'a'\\''b'\\!'c'")
  }
}

@Suite struct SSHFailureTests {
  @Test func anUnknownHostKeyIsACertificateErrorThatSaysHowToTrustTheHost() {
    let error = GitError.fromSSH(
      "Host key verification failed.\r\n", host: "example.org", port: 2222, status: 255)
    #expect(error.code == .certificate)
    #expect(error.message.contains("Host key verification failed."))
    #expect(error.message.contains("'ssh -p 2222 example.org'"))
  }

  @Test func aRefusedKeyIsAnAuthenticationErrorThatSaysWhatToCheck() {
    let error = GitError.fromSSH(
      "Warning: Permanently added 'h' (ED25519) to the list of known hosts.\n"
        + "git@h: Permission denied (publickey).\n", host: "h", port: nil, status: 255)
    #expect(error.code == .auth)
    #expect(!error.message.contains("Permanently added"))
    #expect(error.message.contains("Permission denied (publickey)"))
    #expect(error.message.contains("ssh-add -l"))
  }

  @Test func anyOtherFailureKeepsWhatTheFarSideSaid() {
    let error = GitError.fromSSH(
      "fatal: '/srv/x.git' does not appear to be a git repository\n", host: "h", port: nil,
      status: 128)
    #expect(
      error.message
        == "ssh to h failed: \"fatal: '/srv/x.git' does not appear to be a git repository\""
    )
    let silent = GitError.fromSSH("", host: "h", port: nil, status: 255)
    #expect(silent.message == "ssh to h failed: ssh exited with status 255")
  }
}
