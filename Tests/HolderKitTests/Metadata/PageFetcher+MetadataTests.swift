import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct PageFetcherMetadataTests {
  let fetcher = PageFetcher(allowingLoopback: true)
  let now: @Sendable () -> Timestamp = { StoreFixture.start }

  @Test func readsAKoreanPageInEUCKR() throws {
    let server = try TestHTTPServer.fixtureSite()
    let metadata = try fetcher.metadata(
      for: server.baseURL + "/euc-kr.html", timeout: 5, now: now
    ).get()
    #expect(metadata.title == "서울특별시")
    #expect(metadata.description == "대한민국의 수도 & 최대 도시")
    #expect(metadata.image == server.baseURL + "/images/seoul.png")
    #expect(metadata.icon == server.baseURL + "/favicon-32.png")
    #expect(metadata.fetched == StoreFixture.start)
  }

  @Test func readsAJapanesePageInShiftJISServedWithoutACharset() throws {
    let server = try TestHTTPServer.fixtureSite()
    let metadata = try fetcher.metadata(
      for: server.baseURL + "/shift_jis.html", timeout: 5, now: now
    ).get()
    #expect(metadata.title == "東京都の公式ホームページ")
    #expect(metadata.description == "東京都庁の情報です。")
  }

  @Test func theHeadersCharsetReadsAnUndeclaredPage() throws {
    let server = try TestHTTPServer.fixtureSite()
    let type = "text/html;%20charset=euc-kr"
    let metadata = try fetcher.metadata(
      for: server.baseURL + "/pages/euc-kr-undeclared.html?type=" + type, timeout: 5, now: now
    ).get()
    #expect(metadata.title == "선언 없는 한국어")
  }

  @Test func fallsBackToTheFaviconWhenItAnswers() throws {
    let server = try TestHTTPServer.fixtureSite(favicon: true)
    let metadata = try fetcher.metadata(for: server.baseURL + "/bare.html", timeout: 5, now: now)
      .get()
    #expect(metadata.title == "Only a title")
    #expect(metadata.icon == server.baseURL + "/favicon.ico")
  }

  @Test func asksForAHostsFaviconOnce() throws {
    let server = try TestHTTPServer.fixtureSite(favicon: true)
    for page in ["/bare.html", "/many/1", "/many/2"] {
      let metadata = try fetcher.metadata(for: server.baseURL + page, timeout: 5, now: now).get()
      #expect(metadata.icon == server.baseURL + "/favicon.ico")
    }
    #expect(server.received.filter { $0.target == "/favicon.ico" }.count == 1)
  }

  @Test func noIconWhenTheFaviconIsMissing() throws {
    let server = try TestHTTPServer.fixtureSite(favicon: false)
    let metadata = try fetcher.metadata(for: server.baseURL + "/bare.html", timeout: 5, now: now)
      .get()
    #expect(metadata.icon == nil)
  }

  @Test func aHugePageStillGivesItsTitle() throws {
    let server = try TestHTTPServer.fixtureSite()
    let metadata = try fetcher.metadata(for: server.baseURL + "/huge", timeout: 10, now: now).get()
    #expect(metadata.title == "Huge page")
  }

  @Test func aNonHTMLAnswerGivesOnlyTheFetchTime() throws {
    let server = try TestHTTPServer.fixtureSite()
    let metadata = try fetcher.metadata(
      for: server.baseURL + "/favicon.ico", timeout: 5, now: now
    ).get()
    #expect(metadata == PageMetadata(fetched: StoreFixture.start))
  }
}
