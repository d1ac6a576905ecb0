import Foundation
import Git
import HolderTestSupport
import Synchronization
import Testing

/// Fetch and push through libgit2's callbacks against real servers on 127.0.0.1: which
/// credentials reach the server and how often, what a refused certificate or connection
/// becomes, and how a server's refusal of a pushed reference is reported.
@Suite struct RepositoryRemoteTests {
  /// The calls each credential source got, so a test can see that none was asked twice.
  private final class Calls: Sendable {
    let made = Mutex<[String]>([])

    func source(_ name: String, _ credential: Credential?) -> CredentialSource {
      CredentialSource(name: name) { [self] _, _ in
        made.withLock { $0.append(name) }
        return credential
      }
    }
  }

  @Test func eachCredentialReachesTheServerOnceInOrderThenTheFetchFailsWithTheirNames() throws {
    let server = try TestHTTPServer { _ in
      .send(status: 401, headers: ["WWW-Authenticate": "Basic realm=\"git\""], body: [])
    }
    let fixture = try GitFixture()
    let repository = try Repository.open(at: try fixture.initRepository())
    let calls = Calls()
    let url = server.baseURL + "/store.git"

    #expect {
      try repository.fetch(
        remote: url, refspecs: ServedStore.fetchAll,
        credentials: [
          calls.source("nothing", nil),
          calls.source("first", Credential(username: "ann", password: "one")),
          calls.source("second", Credential(username: "bob", password: "two")),
        ])
    } throws: { error in
      let error = try #require(error as? GitError)
      return error.code == .auth
        && error.message == "'\(url)' refused the credentials from first and second"
    }
    #expect(calls.made.withLock { $0 } == ["nothing", "first", "second"])
    let sent = server.received.compactMap { $0.headers["authorization"] }
    #expect(
      sent == [
        "Basic " + Data("ann:one".utf8).base64EncodedString(),
        "Basic " + Data("bob:two".utf8).base64EncodedString(),
      ])
  }

  @Test func aServerAskingWhenNoCredentialIsFoundSaysWhereToPutOne() throws {
    let server = try TestHTTPServer { _ in
      .send(status: 401, headers: ["WWW-Authenticate": "Basic realm=\"git\""], body: [])
    }
    let fixture = try GitFixture()
    let repository = try Repository.open(at: try fixture.initRepository())

    #expect {
      try repository.fetch(remote: server.baseURL + "/store.git", refspecs: ServedStore.fetchAll)
    } throws: { error in
      let error = try #require(error as? GitError)
      return error.code == .auth && error.message.contains("none was found")
        && error.message.contains("HOLDER_GIT_TOKEN")
    }
    #expect(server.received.allSatisfy { $0.headers["authorization"] == nil })
  }

  @Test func theCredentialAfterARefusedOneFetchesAndIsTheOneReported() throws {
    let served = try ServedStore()
    let apache = try LoopbackServer.apacheGit(
      root: served.fixture.path("srv"), user: "ann", password: "right",
      scratch: try served.folder("apache"),
      privateFetches: true)
    let repository = try served.emptyRepository()
    let calls = Calls()
    let right = Credential(username: "ann", password: "right")

    let use = try repository.fetch(
      remote: "http://127.0.0.1:\(apache.port)/git/store.git", refspecs: ServedStore.fetchAll,
      credentials: [
        calls.source("wrong", Credential(username: "ann", password: "wrong")),
        calls.source("right", right),
        calls.source("unused", Credential(username: "x", password: "y")),
      ])

    #expect(use.offered == ["wrong", "right"])
    #expect(use.last == right)
    #expect(calls.made.withLock { $0 } == ["wrong", "right"])
    #expect(try repository.resolveReference("refs/remotes/origin/main")?.hex == served.head)
  }

  // Trusting the CA is left to the end-to-end tests, which run holder-git with its own
  // environment: GIT_SSL_CAINFO wins over http.sslCAInfo, and libgit2 keeps the trusted CAs
  // process-wide, so setting either here would reach every other test in this process.
  @Test func anUntrustedCertificateFailsTheFetchAndSaysHowToTrustTheCA() throws {
    let served = try ServedStore()
    let tlsFiles = try served.folder("apache")
    let certificates = try TestCertificates(in: tlsFiles)
    let apache = try LoopbackServer.apacheGit(
      root: served.fixture.path("srv"), user: "ann", password: "right", scratch: tlsFiles,
      tls: (certificates.certificate, certificates.key))
    let repository = try served.emptyRepository()
    let calls = Calls()

    #expect {
      try repository.fetch(
        remote: "https://127.0.0.1:\(apache.port)/git/store.git", refspecs: ServedStore.fetchAll,
        credentials: [calls.source("token", Credential(username: "ann", password: "right"))])
    } throws: { error in
      let error = try #require(error as? GitError)
      return error.code == .certificate
        && error.message.hasSuffix(
          "; if the server uses its own CA, point GIT_SSL_CAINFO or http.sslCAInfo at the CA's "
            + "certificate")
    }
    #expect(try repository.resolveReference("refs/remotes/origin/main") == nil)
    // Nothing secret is sent to a server that could not prove who it is.
    #expect(calls.made.withLock { $0 }.isEmpty)
  }

  @Test func aServerThatIsNotThereIsAFailureOfTheFetchNotOfCredentials() throws {
    let fixture = try GitFixture()
    let repository = try Repository.open(at: try fixture.initRepository())
    let port = try LoopbackServer.freePort()
    let calls = Calls()

    #expect {
      try repository.fetch(
        remote: "git://127.0.0.1:\(port)/store.git", refspecs: ServedStore.fetchAll,
        credentials: [calls.source("token", Credential(username: "a", password: "b"))])
    } throws: { error in
      let error = try #require(error as? GitError)
      return error.function == "git_remote_fetch" && error.code != .auth
        && error.code != .certificate && error.message.contains("127.0.0.1")
    }
    #expect(calls.made.withLock { $0 }.isEmpty)
  }

  @Test func aReferenceTheServerRefusesIsReportedWithItsReasonAndTheRestIsPushed() throws {
    let served = try ServedStore()
    try served.script("srv/store.git/hooks/update", "test \"$1\" != refs/heads/locked\n")
    let daemon = try LoopbackServer.gitDaemon(basePath: served.fixture.path("srv"))
    let next = try served.fixture.commitFiles(["b.json": "{}\n"], message: "Next", in: served.work)
    let repository = try Repository.open(at: served.work)
    let calls = Calls()

    let result = try repository.push(
      remote: "git://127.0.0.1:\(daemon.port)/store.git",
      refspecs: ["refs/heads/main:refs/heads/main", "refs/heads/main:refs/heads/locked"],
      credentials: [calls.source("token", Credential(username: "a", password: "b"))])

    #expect(result.rejected == ["refs/heads/locked": "hook declined"])
    #expect(!result.isAccepted)
    #expect(try served.fixture.revParse("main", in: served.bare) == next)
    #expect(throws: ProcessFailure.self) {
      try served.fixture.revParse("refs/heads/locked", in: served.bare)
    }
    // git:// never asks for credentials, so none was handed out.
    #expect(result.credentials.offered.isEmpty)
    #expect(calls.made.withLock { $0 }.isEmpty)
  }

  @Test func pushingOverAMovedRemoteIsANonFastForwardThatChangesNothing() throws {
    let served = try ServedStore()
    let daemon = try LoopbackServer.gitDaemon(basePath: served.fixture.path("srv"))
    let url = "git://127.0.0.1:\(daemon.port)/store.git"
    let other = try served.fixture.initRepository("other")
    try served.fixture.runGit(["pull", "-q", served.bare, "main"], in: other)
    let theirs = try served.fixture.commitFiles(["c.json": "{}\n"], message: "Theirs", in: other)
    try served.fixture.runGit(["push", "-q", served.bare, "main"], in: other)
    try served.fixture.commitFiles(["b.json": "{}\n"], message: "Ours", in: served.work)
    let repository = try Repository.open(at: served.work)
    try repository.fetch(remote: url, refspecs: ServedStore.fetchAll)

    #expect {
      try repository.push(remote: url, refspecs: ["refs/heads/main:refs/heads/main"])
    } throws: { error in
      (error as? GitError)?.code == .nonFastForward
    }
    #expect(try served.fixture.revParse("main", in: served.bare) == theirs)
  }
}
