import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreFetchingAddTests {
  let fetcher = PageFetcher(allowingLoopback: true)

  private func added(_ outcome: FetchingAddOutcome) throws -> LocatedBookmark {
    guard case .added(let located) = outcome.outcome else {
      throw Unexpected(outcome: "\(outcome.outcome)")
    }
    return located
  }

  private struct Unexpected: Error {
    var outcome: String
  }

  @Test func savesTheKoreanTitleAndAnAbsoluteImageInOneCommit() throws {
    let server = try TestHTTPServer.fixtureSite()
    let fixture = try StoreFixture()
    let url = server.baseURL + "/euc-kr.html"
    let outcome = try fixture.store.add(AddRequest(url: url, tags: ["서울"]), fetchingWith: fetcher)
    #expect(outcome.fetchProblem == nil)
    let located = try added(outcome)
    let bookmark = try fixture.store.bookmark(atPath: located.path)
    #expect(bookmark.title == "서울특별시")
    #expect(bookmark.metadata?.title == "서울특별시")
    #expect(bookmark.metadata?.image == server.baseURL + "/images/seoul.png")
    #expect(bookmark.metadata?.icon == server.baseURL + "/favicon-32.png")
    #expect(bookmark.metadata?.fetched != nil)
    #expect(bookmark.lastModified == bookmark.created)
    #expect(try fixture.subjects() == ["Add \"서울특별시\"", "Create bookmark store"])
    #expect(try fixture.read(located.path).contains("\"title\": \"서울특별시\""))
    #expect(try fixture.status() == "")
  }

  @Test func theUsersTitleWinsOverThePages() throws {
    let server = try TestHTTPServer.fixtureSite()
    let fixture = try StoreFixture()
    let outcome = try fixture.store.add(
      AddRequest(url: server.baseURL + "/shift_jis.html", title: "My title"), fetchingWith: fetcher)
    let bookmark = try added(outcome).bookmark
    #expect(bookmark.title == "My title")
    #expect(bookmark.metadata?.title == "東京都の公式ホームページ")
  }

  @Test func aServerThatNeverAnswersStillSavesTheBookmarkInTime() throws {
    let server = try TestHTTPServer.fixtureSite()
    let fixture = try StoreFixture()
    let url = server.baseURL + "/hang"
    let start = Date()
    let outcome = try fixture.store.add(AddRequest(url: url), fetchingWith: fetcher, timeout: 0.5)
    // The server never answers: only an add that ignored its deadline waits this long.
    #expect(Date().timeIntervalSince(start) < 30)
    #expect(outcome.fetchProblem == .timedOut(url: url, seconds: 0.5))
    let bookmark = try added(outcome).bookmark
    #expect(bookmark.metadata == nil)
    #expect(bookmark.title == "127.0.0.1:\(server.port)/hang")
    #expect(try fixture.subjects().count == 2)
  }

  @Test func aMissingPageIsSavedWithTheReason() throws {
    let server = try TestHTTPServer.fixtureSite()
    let fixture = try StoreFixture()
    let url = server.baseURL + "/status/404"
    let outcome = try fixture.store.add(AddRequest(url: url), fetchingWith: fetcher)
    #expect(outcome.fetchProblem == .httpStatus(url: url, status: 404))
    #expect(try added(outcome).bookmark.metadata == nil)
  }

  @Test func aLinkSavedAlreadyIsNotFetched() throws {
    let server = try TestHTTPServer.fixtureSite()
    let fixture = try StoreFixture()
    try fixture.add(server.baseURL + "/bare.html")
    #expect(throws: StoreError.self) {
      try fixture.store.add(AddRequest(url: server.baseURL + "/bare.html"), fetchingWith: fetcher)
    }
    #expect(server.received.isEmpty)
  }

  @Test func plainAddNeverTouchesTheNetwork() throws {
    let server = try TestHTTPServer.fixtureSite()
    let fixture = try StoreFixture()
    let located = try fixture.add(server.baseURL + "/euc-kr.html")
    #expect(located.bookmark.metadata == nil)
    #expect(server.received.isEmpty)
  }
}
