import Foundation
import HolderTestSupport
import Testing

/// `refresh --tag-dead` takes only a definite answer for a dead link.
///
/// A definite answer is the name server's "no such name", 404 or 410; when most links fail the
/// same way, the network, not the links, is down, and nothing is tagged. The name server's answers come from the debug build's stand-in
/// (`HOLDER_GIT_FAULT_RESOLVER`), so no test asks a real one.
@Suite struct RefreshOfflineTests {
  private func store(_ binary: HolderBinary, _ urls: [String]) throws -> String {
    let store = binary.git.path("store")
    #expect(try binary.run(["init", store]).status == 0)
    for url in urls {
      let added = try binary.run(["add", url, "--no-fetch"], in: store)
      #expect(added.status == 0, "\(added.stderr)")
    }
    return store
  }

  /// Offline, every lookup fails: nothing is tagged dead, and refresh says why.
  @Test func offlineNoLinkIsTakenForDead() throws {
    let binary = try HolderBinary()
    let hosts = (1...6).map { "h\($0).example" }
    let store = try store(binary, hosts.map { "https://\($0)/page" })
    let resolver = hosts.map { "\($0)=fail" }.joined(separator: ",")
    let refreshed = try binary.run(
      ["refresh", "--all", "--tag-dead", "dead"], in: store,
      env: ["HOLDER_GIT_OFFLINE": "0", "HOLDER_GIT_FAULT_RESOLVER": resolver])
    #expect(refreshed.stderr.contains("the network looks down"), "\(refreshed.stderr)")
    #expect(!refreshed.stderr.contains("dead link"), "\(refreshed.stderr)")
    let dead = try binary.run(["list", "--tag", "dead"], in: store)
    #expect(!dead.stdout.contains("example"), "\(dead.stdout)")
    #expect(try binary.git.runGit(["log", "--format=%s"], in: store).contains("Refresh") == false)
  }

  /// A resolver that says "no such name" for every host is no proof either when most links
  /// fail so (an offline resolver may answer that way).
  @Test func mostLinksWithNoSuchNameAreTakenForANetworkDown() throws {
    let binary = try HolderBinary()
    let hosts = (1...5).map { "gone\($0).example" }
    let store = try store(binary, hosts.map { "https://\($0)/" })
    let resolver = hosts.map { "\($0)=nxdomain" }.joined(separator: ",")
    let refreshed = try binary.run(
      ["refresh", "--all", "--tag-dead", "dead"], in: store,
      env: ["HOLDER_GIT_OFFLINE": "0", "HOLDER_GIT_FAULT_RESOLVER": resolver])
    #expect(refreshed.stderr.contains("5 of 5 links failed the same way"), "\(refreshed.stderr)")
    #expect(!(try binary.run(["list", "--tag", "dead"], in: store).stdout.contains("example")))
  }

  /// Online, each link answered on its own: the name server's "no such name", 404 and 410 are
  /// dead; a failed lookup and a 500 are not.
  @Test func onlyDefiniteAnswersAreDead() throws {
    let server = try TestHTTPServer.fixtureSite()
    let binary = try HolderBinary()
    let live = ["/euc-kr.html", "/shift_jis.html", "/pages/full.html"].map { server.baseURL + $0 }
    let gone = [server.baseURL + "/status/404", server.baseURL + "/status/410"]
    let store = try store(
      binary,
      live + gone + [
        server.baseURL + "/status/500", "https://nx.example/", "https://flaky.example/",
      ])
    let refreshed = try binary.run(
      ["refresh", "--all", "--tag-dead", "dead"], in: store,
      env: [
        "HOLDER_GIT_OFFLINE": "0",
        "HOLDER_GIT_FAULT_RESOLVER": "nx.example=nxdomain,flaky.example=fail",
      ])
    #expect(refreshed.status == 0, "\(refreshed.stderr)")
    #expect(!refreshed.stderr.contains("network looks down"), "\(refreshed.stderr)")
    let dead = try binary.run(["list", "--tag", "dead"], in: store).stdout
    for url in gone + ["nx.example"] { #expect(dead.contains(url), "\(url): \(dead)") }
    for url in ["flaky.example", "/status/500"] + live {
      #expect(!dead.contains(url), "\(url): \(dead)")
    }
    #expect(refreshed.stderr.contains("no name server answered"), "\(refreshed.stderr)")
  }
}
