// `refresh` and `add` of a link that leads to this machine or a private network: nothing is
// fetched, and each says why and how to allow this machine, unless HOLDER_GIT_FETCH_LOOPBACK
// allows it (the harness's own page servers are on 127.0.0.1).
import Foundation
import HolderTestSupport
import Testing

@Suite struct FetchAddressCommandTests {
  /// Fetching on, this machine not allowed: as a person's shell has it.
  private let guarded = ["HOLDER_GIT_OFFLINE": "0", "HOLDER_GIT_FETCH_LOOPBACK": "0"]

  @Test func refreshOfALinkToThisMachineSaysWhyItFetchedNothing() throws {
    let server = try TestHTTPServer.fixtureSite()
    let binary = try HolderBinary()
    let store = binary.git.path("store")
    #expect(try binary.run(["init", store]).status == 0)
    let byAddress = server.baseURL + "/euc-kr.html"
    let byName = "http://localhost:\(server.port)/shift_jis.html"
    for url in [byAddress, byName] {
      #expect(try binary.run(["add", url, "--no-fetch"], in: store).status == 0)
    }
    let refreshed = try binary.run(["refresh", "--all"], in: store, env: guarded)
    #expect(server.received.isEmpty)
    #expect(
      refreshed.stderr.contains(
        "cannot refresh: '\(byAddress)' leads to 127.0.0.1, an address of this machine, which "
          + "holder-git fetches from only with HOLDER_GIT_FETCH_LOOPBACK=1"), "\(refreshed.stderr)")
    #expect(
      refreshed.stderr.contains("cannot refresh: '\(byName)' leads to "), "\(refreshed.stderr)")
    #expect(refreshed.stderr.contains("Refreshed 2 bookmarks: 0 changed, 2 could not be fetched"))
    // Not a dead link: nothing was asked.
    #expect(!refreshed.stderr.contains("dead link"))

    // Allowed, the same refresh fetches both.
    let allowed = try binary.run(
      ["refresh", "--all"], in: store,
      env: ["HOLDER_GIT_OFFLINE": "0", "HOLDER_GIT_FETCH_LOOPBACK": "1"])
    #expect(allowed.stderr.contains("Refreshed 2 bookmarks: 2 changed"), "\(allowed.stderr)")
  }

  @Test func aNameIsFetchedFromTheAddressItWasJudgedBy() throws {
    // The debug build's stand-in name server alone knows this name: a fetch that looked it up
    // again for itself would find nothing, or somewhere else.
    let server = try TestHTTPServer.fixtureSite()
    let binary = try HolderBinary()
    let store = binary.git.path("store")
    #expect(try binary.run(["init", store]).status == 0)
    let url = "http://pinned.example:\(server.port)/euc-kr.html"
    let resolver = ["HOLDER_GIT_FAULT_RESOLVER": "pinned.example=127.0.0.1"]
    let refused = try binary.run(["add", url], in: store, env: guarded.merging(resolver) { $1 })
    #expect(refused.stderr.contains("'\(url)' leads to 127.0.0.1"), "\(refused.stderr)")
    #expect(server.received.isEmpty)

    let allowed = ["HOLDER_GIT_OFFLINE": "0", "HOLDER_GIT_FETCH_LOOPBACK": "1"]
    let refreshed = try binary.run(
      ["refresh", "--all"], in: store, env: allowed.merging(resolver) { $1 })
    #expect(refreshed.stderr.contains("Refreshed 1 bookmark: 1 changed"), "\(refreshed.stderr)")
    // The page, then its image and icon for the thumbnail: all asked of pinned.example.
    #expect(server.received.first?.target == "/euc-kr.html")
    #expect(
      server.received.allSatisfy { $0.headers["host"] == "pinned.example:\(server.port)" },
      "\(server.received.map { $0.headers["host"] ?? "" })")
  }

  @Test func addSavesALinkToThisMachineWithoutFetchingItAndSaysWhy() throws {
    let server = try TestHTTPServer.fixtureSite()
    let binary = try HolderBinary()
    let store = binary.git.path("store")
    #expect(try binary.run(["init", store]).status == 0)
    let url = server.baseURL + "/euc-kr.html"
    let added = try binary.run(["add", url], in: store, env: guarded)
    #expect(added.status == 0, "\(added.stderr)")
    #expect(server.received.isEmpty)
    #expect(
      added.stderr.contains(
        "warning: saved without the page's metadata: '\(url)' leads to 127.0.0.1"))
  }
}
