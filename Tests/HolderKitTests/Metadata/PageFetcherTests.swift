import FetchProtocol
import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct PageFetcherTests {
  let server: TestHTTPServer
  let fetcher = PageFetcher(allowingLoopback: true)

  init() throws {
    server = try TestHTTPServer.fixtureSite()
  }

  private func fetch(_ path: String, timeout: Double = 5) -> Result<FetchedPage, FetchError> {
    fetcher.fetch(server.baseURL + path, timeout: timeout)
  }

  @Test func fetchesAPageAndSaysWhoItIs() throws {
    let page = try fetch("/pages/full.html").get()
    #expect(page.status == 200)
    #expect(page.contentType == "text/html")
    #expect(page.body == (try FixturePages.bytes("full.html")))
    #expect(page.truncated == false)
    let agent = server.received.first?.headers["user-agent"] ?? ""
    #expect(agent.hasPrefix("holder-git/"))
    #expect(
      server.received.first?.headers["accept"]
        == "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5")
  }

  @Test func aSmallerLimitCutsTheBodyThere() throws {
    let page = try fetcher.fetch(server.baseURL + "/pages/full.html", timeout: 5, limit: 100)
      .get()
    #expect(page.body == Array(try FixturePages.bytes("full.html").prefix(100)))
    #expect(page.truncated)
  }

  @Test func aRedirectToAnotherSchemeIsNotFollowed() throws {
    let server = try TestHTTPServer { _ in
      .send(status: 302, headers: ["Location": "ftp://127.0.0.1/file"], body: [])
    }
    defer { server.stop() }
    let url = server.baseURL + "/away"
    #expect(
      fetcher.fetch(url, timeout: 5)
        == .failure(.network(url: url, reason: "redirect to a URL that is not http or https")))
  }

  @Test func followsUpToFiveRedirects() throws {
    let page = try fetch("/redirect/5").get()
    #expect(page.url == server.baseURL + "/pages/full.html")
    #expect(server.received.count == 6)
  }

  @Test func givesUpAfterFiveRedirects() {
    let url = server.baseURL + "/redirect/6"
    #expect(fetch("/redirect/6") == .failure(.tooManyRedirects(url: url, limit: 5)))
  }

  @Test func catchesARedirectLoopAtOnce() {
    let url = server.baseURL + "/loop/a"
    #expect(fetch("/loop/a") == .failure(.redirectLoop(url: url)))
    // a → b → a: the second visit to a is never requested.
    #expect(server.received.count == 2)
  }

  @Test(arguments: [404, 410, 500])
  func reportsErrorStatuses(status: Int) {
    let result = fetch("/status/\(status)")
    #expect(
      result == .failure(.httpStatus(url: server.baseURL + "/status/\(status)", status: status)))
    if case .failure(let error) = result {
      #expect(error.isDeadLink == (status != 500))
    }
  }

  @Test func stopsReadingAtTwoMegabytes() throws {
    // About size, not time: a deadline a sanitizer's slowdown cannot reach.
    let page = try fetch("/huge", timeout: 120).get()
    #expect(page.body.count == 2 * 1024 * 1024)
    #expect(page.truncated)
  }

  @Test func aServerThatNeverAnswersTimesOutOnTime() {
    let start = Date()
    let result = fetch("/hang", timeout: 0.5)
    let elapsed = Date().timeIntervalSince(start)
    #expect(result == .failure(.timedOut(url: server.baseURL + "/hang", seconds: 0.5)))
    // Only a fetch that ignores its deadline waits this long (the server never answers); a
    // slow machine or a sanitizer stays far below it, so the test times nothing else.
    #expect(elapsed < 30)
  }

  @Test func aSlowAnswerWithinTheDeadlineArrives() throws {
    let page = try fetch("/slow/200/pages/bare.html", timeout: 5).get()
    #expect(page.status == 200)
  }

  @Test func aClosedPortIsAConnectionError() throws {
    let closed = try TestHTTPServer { _ in .hang }
    let url = closed.baseURL + "/"
    closed.stop()
    #expect(
      fetcher.fetch(url, timeout: 5)
        == .failure(.network(url: url, reason: "the connection was refused")))
  }

  @Test func aCertificateThatDoesNotVerifyIsRefused() throws {
    let files = try ScratchDirectory()
    let certificates = try TestCertificates(in: files.path)
    let port = try LoopbackServer.freePort()
    // Signed by a CA of its own that the system does not trust, as a forged certificate is.
    let server = try LoopbackServer(
      executable: "/usr/bin/openssl",
      arguments: [
        "s_server", "-accept", "127.0.0.1:\(port)", "-cert", certificates.certificate, "-key",
        certificates.key, "-www", "-quiet",
      ], port: port)
    defer { server.stop() }
    let url = "https://127.0.0.1:\(port)/"
    #expect(
      fetcher.fetch(url, timeout: 5)
        == .failure(.network(url: url, reason: "the secure connection failed")))
  }

  @Test func manyFetchesRunAtOnce() throws {
    // Each answer waits until every request has arrived: one fetch at a time would see none
    // arrive while the first waits, and each would give up after the barrier's 10 s.
    let count = 6
    let arrived = NSCondition()
    nonisolated(unsafe) var waiting = 0
    let server = try TestHTTPServer { _ in
      arrived.lock()
      waiting += 1
      arrived.broadcast()
      let deadline = Date(timeIntervalSinceNow: 10)
      while waiting < count, arrived.wait(until: deadline) {}
      arrived.unlock()
      return .send(status: 200, headers: ["Content-Type": "text/plain"], body: Array("ok".utf8))
    }
    defer { server.stop() }
    let fetched = DispatchGroup()
    let statuses = NSLock()
    nonisolated(unsafe) var answered: [Int] = []
    for index in 0..<count {
      DispatchQueue(label: "fetch \(index)").async(group: fetched) {
        let status = (try? fetcher.fetch(server.baseURL + "/\(index)", timeout: 30).get())?.status
        statuses.withLock { answered.append(status ?? 0) }
      }
    }
    fetched.wait()
    #expect(answered == Array(repeating: 200, count: count))
    #expect(server.peakConcurrency == count)
  }

  @Test func refusesSchemesOtherThanHTTP() {
    guard case .failure(.network) = fetcher.fetch("ftp://127.0.0.1/x", timeout: 1) else {
      Issue.record("expected a refusal")
      return
    }
  }

  @Test func theOfflineSwitchIsReadFromTheEnvironment() {
    #expect(PageFetcher.isOffline(environment: ["HOLDER_GIT_OFFLINE": "1"]))
    #expect(!PageFetcher.isOffline(environment: ["HOLDER_GIT_OFFLINE": "0"]))
    #expect(!PageFetcher.isOffline(environment: [:]))
  }

  @Test func errorsReadLikeGit() {
    #expect(
      FetchError.httpStatus(url: "https://a.example/x", status: 404).errorDescription
        == "'https://a.example/x' answered 404 Not Found")
    #expect(
      FetchError.timedOut(url: "https://a.example/", seconds: 2).errorDescription
        == "no answer from 'https://a.example/' within 2 s")
  }
}
