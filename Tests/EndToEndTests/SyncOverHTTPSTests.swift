import Foundation
import HolderTestSupport
import Testing

/// Smart HTTP over TLS: Apache with mod_ssl and a certificate from a private CA, git
/// http-backend behind it, basic authentication on pushes; `HOLDER_GIT_TOKEN` as the password.
@Suite(.serialized) struct SyncOverHTTPSTests {
  private struct Served {
    let server: LoopbackServer
    let certificates: TestCertificates
    let remote: String
    let apache: String
    /// `https://127.0.0.1:PORT/git/store.git`: no user name in it, so libgit2 makes no
    /// attempt with the URL's user and an empty password before asking holder-git.
    var url: String { "https://127.0.0.1:\(server.port)/git/store.git" }
  }

  private func serve(_ git: GitFixture, tls: Bool = true, privateFetches: Bool = false) throws
    -> Served
  {
    let served = git.path("served")
    let remote = served + "/store.git"
    try git.runGit(["init", "-q", "--bare", "--initial-branch=main", remote], in: git.root)
    let apache = git.path("apache")
    try FileManager.default.createDirectory(atPath: apache, withIntermediateDirectories: true)
    let certificates = try TestCertificates(in: apache)
    let server = try LoopbackServer.apacheGit(
      root: served, user: "holder-git", password: "s3cret-token", scratch: apache,
      tls: tls ? (certificates.certificate, certificates.key) : nil, privateFetches: privateFetches)
    return Served(server: server, certificates: certificates, remote: remote, apache: apache)
  }

  private func storeWithABookmark(_ binary: HolderBinary, remote url: String) throws -> String {
    let laptop = binary.git.path("laptop")
    #expect(try binary.run(["init", laptop]).status == 0)
    #expect(try binary.run(["remote", "add", "--store", laptop, "origin", url]).status == 0)
    #expect(try binary.run(["add", "--store", laptop, "https://example.org/tls"]).status == 0)
    return laptop
  }

  private func errorLog(_ served: Served) -> String {
    (try? String(contentsOfFile: served.apache + "/error.log", encoding: .utf8)) ?? ""
  }

  /// How many times Apache refused a password: each refusal is one log line.
  private func refusals(_ served: Served) -> Int {
    let log = (try? String(contentsOfFile: served.apache + "/error.log", encoding: .utf8)) ?? ""
    return log.components(separatedBy: "authentication failure").count - 1
  }

  @Test func theTokenPushesOverHTTPSToAServerWithAPrivateCA() throws {
    let binary = try HolderBinary()
    let served = try serve(binary.git)
    let laptop = try storeWithABookmark(binary, remote: served.url)
    let env = [
      "HOLDER_GIT_TOKEN": "s3cret-token", "GIT_SSL_CAINFO": served.certificates.authority,
      "HOLDER_GIT_OFFLINE": "0",
    ]
    let pushed = try binary.run(["sync", "--store", laptop], env: env)
    #expect(pushed.status == 0, "\(pushed.stderr)")
    #expect(pushed.stderr.contains("Sent local changes"), "\(pushed.stderr)")
    #expect(
      try binary.git.runGit(["rev-parse", "main"], in: served.remote)
        == (try binary.git.runGit(["rev-parse", "HEAD"], in: laptop)))
    // A clone trusts the CA named in the global http.sslCAInfo, as git does.
    try binary.git.runGit(
      ["config", "--global", "http.sslCAInfo", served.certificates.authority], in: binary.git.root)
    let phone = binary.git.path("phone")
    let cloned = try binary.run(["clone", served.url, phone], env: ["HOLDER_GIT_OFFLINE": "0"])
    #expect(cloned.status == 0, "\(cloned.stderr)")
    #expect(try binary.run(["list", "--store", phone]).stdout.contains("example.org/tls"))
    try binary.git.runGit(["fsck", "--strict"], in: served.remote)
    withExtendedLifetime(served) {}
  }

  @Test func aServerWhoseCAIsNotTrustedIsRefusedAndNothingIsLost() throws {
    let binary = try HolderBinary()
    let served = try serve(binary.git)
    let laptop = try storeWithABookmark(binary, remote: served.url)
    let refused = try binary.run(
      ["sync", "--store", laptop],
      env: ["HOLDER_GIT_TOKEN": "s3cret-token", "HOLDER_GIT_OFFLINE": "0"])
    #expect(refused.status == 1, "\(refused.stderr)")
    #expect(refused.stderr.contains("GIT_SSL_CAINFO"), "\(refused.stderr)")
    #expect(
      try binary.git.runGit(["log", "--format=%s", "-1"], in: laptop) == "Add \"example.org/tls\"\n"
    )
    #expect(refusals(served) == 0)
    withExtendedLifetime(served) {}
  }

  @Test func aWrongTokenIsSentOnceAndFailsWithAClearMessage() throws {
    let binary = try HolderBinary()
    let served = try serve(binary.git)
    let laptop = try storeWithABookmark(binary, remote: served.url)
    let refused = try binary.run(
      ["sync", "--store", laptop],
      env: [
        "HOLDER_GIT_TOKEN": "wrong", "GIT_SSL_CAINFO": served.certificates.authority,
        "GIT_TERMINAL_PROMPT": "0", "HOLDER_GIT_OFFLINE": "0",
      ])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("HOLDER_GIT_TOKEN"), "\(refused.stderr)")
    #expect(refusals(served) == 1, "\(errorLog(served))")
    #expect(try binary.git.runGit(["for-each-ref"], in: served.remote) == "")
    withExtendedLifetime(served) {}
  }

  /// The token is for the https host it was made for: over plain http it is never offered.
  @Test func theTokenIsNeverSentOverPlainHTTP() throws {
    let binary = try HolderBinary()
    let served = try serve(binary.git, tls: false)
    let url = "http://127.0.0.1:\(served.server.port)/git/store.git"
    let laptop = try storeWithABookmark(binary, remote: url)
    let refused = try binary.run(
      ["sync", "--store", laptop],
      env: [
        "HOLDER_GIT_TOKEN": "s3cret-token", "GIT_TERMINAL_PROMPT": "0", "HOLDER_GIT_OFFLINE": "0",
      ])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("none was found"), "\(refused.stderr)")
    #expect(refusals(served) == 0, "\(errorLog(served))")
    #expect(try binary.git.runGit(["for-each-ref"], in: served.remote) == "")
    withExtendedLifetime(served) {}
  }

  /// A private repository: the clone itself needs the token, and a wrong one is sent once.
  @Test func aPrivateRepositoryIsClonedWithTheToken() throws {
    let binary = try HolderBinary()
    let served = try serve(binary.git, privateFetches: true)
    let source = binary.git.path("source")
    #expect(try binary.run(["init", source]).status == 0)
    #expect(try binary.run(["add", "--store", source, "https://example.org/private"]).status == 0)
    try binary.git.runGit(["push", "-q", served.remote, "main"], in: source)
    let env = [
      "GIT_SSL_CAINFO": served.certificates.authority, "GIT_TERMINAL_PROMPT": "0",
      "HOLDER_GIT_OFFLINE": "0",
    ]
    let refused = try binary.run(
      ["clone", served.url, binary.git.path("refused")],
      env: env.merging(["HOLDER_GIT_TOKEN": "wrong"]) { $1 })
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains("refused the credentials from HOLDER_GIT_TOKEN"), "\(refused.stderr)")
    #expect(refusals(served) == 1, "\(errorLog(served))")
    let phone = binary.git.path("phone")
    let cloned = try binary.run(
      ["clone", served.url, phone], env: env.merging(["HOLDER_GIT_TOKEN": "s3cret-token"]) { $1 })
    #expect(cloned.status == 0, "\(cloned.stderr)")
    #expect(try binary.run(["list", "--store", phone]).stdout.contains("example.org/private"))
    // The token is not written anywhere in the clone.
    let config = try String(contentsOfFile: phone + "/.git/config", encoding: .utf8)
    #expect(!config.contains("s3cret-token"))
    withExtendedLifetime(served) {}
  }
}
