import FetchProtocol
// Fetches that would reach this machine or a non-public address stop before connecting: the
// first address and every redirect, judged after resolving the name.
import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct FetchAddressTests {
  @Test func aPageOnThisMachineIsNotFetchedUnlessLoopbackIsAllowed() throws {
    let server = try TestHTTPServer.fixtureSite()
    let url = server.baseURL + "/pages/full.html"
    let result = PageFetcher().fetch(url, timeout: 5)
    #expect(result == .failure(.refusedAddress(url: url, address: "127.0.0.1", kind: .loopback)))
    #expect(server.received.isEmpty)
    let metadata = PageFetcher().metadata(for: url, timeout: 5) {
      Timestamp(millisecondsSince1970: 0)
    }
    #expect(metadata == .failure(.refusedAddress(url: url, address: "127.0.0.1", kind: .loopback)))
    #expect(server.received.isEmpty)
    #expect(try PageFetcher(allowingLoopback: true).fetch(url, timeout: 5).get().status == 200)
  }

  @Test func aNameThatLeadsToThisMachineIsRefusedAsItsAddressIs() throws {
    let server = try TestHTTPServer.fixtureSite()
    let url = "http://localhost:\(server.port)/pages/full.html"
    let result = PageFetcher().fetch(url, timeout: 5)
    guard case .failure(.refusedAddress(let refused, let address, .loopback)) = result else {
      Issue.record("fetched: \(result)")
      return
    }
    #expect(refused == url)
    #expect(address == "127.0.0.1" || address == "::1")
    #expect(server.received.isEmpty)
  }

  @Test func eachRedirectIsJudgedWhereItLeads() throws {
    // 0.0.0.0 is never a web site's address, but Linux connects it to this machine.
    let server = try TestHTTPServer { request in
      if request.target == "/away" {
        return .send(
          status: 302,
          headers: [
            "Location":
              "http://0.0.0.0:\(request.headers["host"]?.split(separator: ":").last ?? "80")/inside"
          ], body: [])
      }
      return .send(status: 200, headers: ["Content-Type": "text/plain"], body: Array("inside".utf8))
    }
    defer { server.stop() }
    let result = PageFetcher(allowingLoopback: true).fetch(server.baseURL + "/away", timeout: 5)
    #expect(
      result
        == .failure(
          .refusedAddress(
            url: "http://0.0.0.0:\(server.port)/inside", address: "0.0.0.0", kind: .unspecified)))
    #expect(server.received.map(\.target) == ["/away"])
  }

  @Test func theRefusalSaysWhereTheLinkLedAndHowToAllowThisMachine() {
    let loopback = FetchError.refusedAddress(
      url: "http://localhost:8080/", address: "127.0.0.1", kind: .loopback)
    #expect(
      loopback.errorDescription
        == "'http://localhost:8080/' leads to 127.0.0.1, an address of this machine, which "
        + "holder-git fetches from only with HOLDER_GIT_FETCH_LOOPBACK=1")
    #expect(!loopback.isDeadLink)
    let cloud = FetchError.refusedAddress(
      url: "http://metadata.example/", address: "169.254.169.254", kind: .linkLocal)
    #expect(cloud.errorDescription?.contains("169.254.169.254, a link-local address") == true)
  }
}
