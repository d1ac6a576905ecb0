import Foundation
import Git
import HolderTestSupport
import Testing

/// Fetch and push over ssh URLs through a stand-in for `ssh` set as `core.sshCommand`: a shell
/// script that writes down its arguments and runs the remote command on this machine, so the
/// whole transport runs without an sshd.
@Suite struct SSHTransportTests {
  /// Where the stand-in `ssh` of `localSSH` writes the arguments it got, one a line.
  private static let argumentsLog = "ssh-arguments"

  /// `core.sshCommand` for a stand-in that logs its arguments and runs the last one, the
  /// remote command (`git-upload-pack '/path'`), on this machine.
  private func localSSH(_ served: ServedStore) throws -> String {
    let path = try served.script(
      "fake-ssh",
      """
      log="$1"
      shift
      printf '%s\\n' "$@" > "$log"
      for command; do :; done
      exec /bin/sh -c "$command"

      """)
    return "\(path) \(served.fixture.path(Self.argumentsLog))"
  }

  /// The arguments the stand-in got last.
  private func loggedArguments(_ served: ServedStore) throws -> [String] {
    try String(contentsOfFile: served.fixture.path(Self.argumentsLog), encoding: .utf8)
      .split(separator: "\n").map(String.init)
  }

  @Test func aFetchRunsTheConfiguredSSHCommandWithThePortUserAndUploadPack() throws {
    let served = try ServedStore()
    let repository = try served.emptyRepository(sshCommand: try localSSH(served))

    try repository.fetch(
      remote: "ssh://me@127.0.0.1:2222\(served.bare)", refspecs: ServedStore.fetchAll)

    #expect(try repository.resolveReference("refs/remotes/origin/main")?.hex == served.head)
    let arguments = try loggedArguments(served)
    #expect(
      Array(arguments.suffix(4)) == [
        "-p", "2222", "me@127.0.0.1", "git-upload-pack '\(served.bare)'",
      ])
  }

  @Test func sshVariantInTheRepositoryConfigChoosesPlinksPortOption() throws {
    let served = try ServedStore()
    let repository = try served.emptyRepository(sshCommand: try localSSH(served))
    try repository.setConfig("ssh.variant", to: "plink")

    try repository.fetch(
      remote: "ssh://127.0.0.1:2200\(served.bare)", refspecs: ServedStore.fetchAll)

    let arguments = try loggedArguments(served)
    #expect(
      Array(arguments.suffix(4)) == ["-P", "2200", "127.0.0.1", "git-upload-pack '\(served.bare)'"])
    #expect(!arguments.contains("-p"))
    #expect(try repository.resolveReference("refs/remotes/origin/main")?.hex == served.head)
  }

  @Test func aPushRunsReceivePackAndMovesTheRemoteBranch() throws {
    let served = try ServedStore()
    try served.fixture.runGit(["config", "core.sshCommand", try localSSH(served)], in: served.work)
    let next = try served.fixture.commitFiles(["b.json": "{}\n"], message: "Next", in: served.work)
    let repository = try Repository.open(at: served.work)

    let result = try repository.push(
      remote: "127.0.0.1:\(served.bare)", refspecs: ["refs/heads/main:refs/heads/main"])

    #expect(result.isAccepted)
    #expect(try served.fixture.revParse("main", in: served.bare) == next)
    #expect(try loggedArguments(served).last == "git-receive-pack '\(served.bare)'")
  }

  /// What ssh says when it gives up, the error code sync branches on, and the hint the user
  /// gets: an unknown host key stops sync as a certificate failure, a refused key as an
  /// authentication failure, neither with the TLS advice meant for https.
  @Test(arguments: [
    ("Host key verification failed.", GitError.Code.certificate, "~/.ssh/known_hosts"),
    ("me@127.0.0.1: Permission denied (publickey).", GitError.Code.auth, "ssh-add -l"),
  ])
  func whatSSHSaysWhenItGivesUpBecomesAnErrorThatSaysWhatToDo(
    said: String, code: GitError.Code, hint: String
  ) throws {
    let served = try ServedStore()
    let ssh = try served.script("failing-ssh", "echo '\(said)' >&2\nexit 255\n")
    let repository = try served.emptyRepository(sshCommand: ssh)

    #expect {
      try repository.fetch(remote: "me@127.0.0.1:\(served.bare)", refspecs: ServedStore.fetchAll)
    } throws: { error in
      let error = try #require(error as? GitError)
      return error.code == code && error.message.hasPrefix("ssh to 127.0.0.1 failed: \"\(said)\"")
        && error.message.contains(hint) && !error.message.contains("GIT_SSL_CAINFO")
    }
  }

  @Test func aMissingRemoteRepositoryFailsWithWhatTheFarSideSaid() throws {
    let served = try ServedStore()
    let repository = try served.emptyRepository(sshCommand: try localSSH(served))
    let missing = served.fixture.path("srv/missing.git")

    #expect {
      try repository.fetch(remote: "ssh://127.0.0.1\(missing)", refspecs: ServedStore.fetchAll)
    } throws: { error in
      let error = try #require(error as? GitError)
      return error.code != .auth && error.code != .certificate
        && error.message.contains("does not appear to be a git repository")
    }
  }
}
