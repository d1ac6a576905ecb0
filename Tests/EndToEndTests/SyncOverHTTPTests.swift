import Foundation
import HolderTestSupport
import Testing

/// Smart HTTP through `git http-backend` behind Apache on 127.0.0.1, with basic
/// authentication on pushes, as on a real git host.
@Suite(.serialized) struct SyncOverHTTPTests {
  private func serve(_ git: GitFixture) throws -> (LoopbackServer, String) {
    let served = git.path("served")
    try git.runGit(["init", "-q", "--bare", served + "/store.git"], in: git.root)
    let apache = git.path("apache")
    try FileManager.default.createDirectory(atPath: apache, withIntermediateDirectories: true)
    let server = try LoopbackServer.apacheGit(
      root: served, user: "alice", password: "secret", scratch: apache)
    try git.runGit(
      ["config", "--global", "credential.helper", "store --file=\(git.path("creds"))"], in: git.root
    )
    return (server, "http://127.0.0.1:\(server.port)/git/store.git")
  }

  /// Puts alice's password for the test server into git's credential helper.
  private func storeCredential(_ git: GitFixture, port: Int, password: String) throws {
    let answer = "protocol=http\nhost=127.0.0.1:\(port)\nusername=alice\npassword=\(password)\n\n"
    try git.runGit(["credential", "approve"], in: git.root, stdin: Array(answer.utf8))
  }

  @Test func syncPushesWithTheCredentialHelpersPasswordAndAnotherStorePullsIt() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let (server, url) = try serve(git)
    try storeCredential(git, port: server.port, password: "secret")
    let laptop = git.path("laptop")
    #expect(try binary.run(["init", laptop]).status == 0)
    #expect(try binary.run(["remote", "add", "--store", laptop, "origin", url]).status == 0)
    #expect(try binary.run(["add", "--store", laptop, "https://example.org/http"]).status == 0)
    let pushed = try binary.run(["sync", "--store", laptop])
    #expect(pushed.status == 0, "\(pushed.stderr)")
    #expect(pushed.stderr.contains("Sent local changes"), "\(pushed.stderr)")
    #expect(try git.runGit(["ls-remote", url], in: git.root).contains("refs/heads/main"))
    let phone = git.path("phone")
    #expect(try binary.run(["clone", url, phone]).status == 0)
    #expect(try binary.run(["list", "--store", phone]).stdout.contains("example.org/http"))
    withExtendedLifetime(server) {}
  }

  @Test func aWrongPasswordFailsOnceWithAClearMessage() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let (server, url) = try serve(git)
    try storeCredential(git, port: server.port, password: "wrong")
    let laptop = git.path("laptop")
    #expect(try binary.run(["init", laptop]).status == 0)
    #expect(try binary.run(["remote", "add", "--store", laptop, "origin", url]).status == 0)
    #expect(try binary.run(["add", "--store", laptop, "https://example.org/http"]).status == 0)
    let refused = try binary.run(["sync", "--store", laptop])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("refused the credentials"), "\(refused.stderr)")
    #expect(
      try git.runGit(["log", "--format=%s", "-1"], in: laptop) == "Add \"example.org/http\"\n")
    // The helper was told the password was refused, so it no longer offers it.
    let creds = (try? String(contentsOfFile: git.path("creds"), encoding: .utf8)) ?? ""
    #expect(!creds.contains("wrong"))
    withExtendedLifetime(server) {}
  }
}
