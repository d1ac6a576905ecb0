import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreRefreshTests {
  let fetcher = PageFetcher(allowingLoopback: true)

  private func refresh(
    _ fixture: StoreFixture, _ options: RefreshOptions = RefreshOptions()
  ) throws -> RefreshOutcome {
    try fixture.store.refreshMetadata(
      fixture.store.snapshot().bookmarks, options: options, fetcher: fetcher)
  }

  @Test func fillsMetadataInOneCommitWithoutTouchingLastModified() throws {
    let server = try TestHTTPServer.fixtureSite()
    let fixture = try StoreFixture()
    let before = [
      try fixture.add(server.baseURL + "/euc-kr.html"),
      try fixture.add(server.baseURL + "/shift_jis.html"),
      try fixture.add(server.baseURL + "/gb2312.html"),
    ]
    let outcome = try refresh(fixture)
    #expect(outcome.checked == 3)
    #expect(outcome.changed.count == 3)
    #expect(outcome.failures.isEmpty)
    #expect(try fixture.subjects().first == "Refresh metadata of 3 bookmarks")
    #expect(try fixture.subjects().count == 5)
    for old in before {
      let now = try fixture.store.bookmark(atPath: old.path)
      #expect(now.lastModified == old.bookmark.lastModified)
      #expect(now.metadata?.fetched != nil)
      #expect(now.title == now.metadata?.title)
    }
    #expect(
      Set(outcome.changed.map(\.bookmark.title))
        == ["서울특별시", "東京都の公式ホームページ", "中文网页标题"])
    #expect(try fixture.status() == "")
    try fixture.fsck()
  }

  @Test func onlyWebPagesAreFetched() throws {
    let server = try TestHTTPServer.fixtureSite()
    let fixture = try StoreFixture()
    try fixture.add("mailto:someone@example.org")
    try fixture.add(server.baseURL + "/bare.html")
    let outcome = try refresh(fixture)
    #expect(outcome.checked == 1)
    #expect(outcome.failures.isEmpty)
    #expect(outcome.changed.map(\.bookmark.title) == ["Only a title"])
  }

  @Test func aSecondRefreshWithNothingNewMakesNoCommit() throws {
    let server = try TestHTTPServer.fixtureSite()
    let fixture = try StoreFixture()
    try fixture.add(server.baseURL + "/euc-kr.html")
    _ = try refresh(fixture)
    let again = try refresh(fixture)
    #expect(again.changed.isEmpty)
    #expect(try fixture.subjects().count == 3)
  }

  @Test func keepsATitleSetByHandUnlessAskedToReplaceIt() throws {
    let server = try TestHTTPServer.fixtureSite()
    let fixture = try StoreFixture()
    let located = try fixture.add(server.baseURL + "/euc-kr.html", title: "내 제목")
    _ = try refresh(fixture)
    var bookmark = try fixture.store.bookmark(atPath: located.path)
    #expect(bookmark.title == "내 제목")
    #expect(bookmark.metadata?.title == "서울특별시")
    #expect(try fixture.subjects().first == "Refresh metadata of \"내 제목\"")

    _ = try refresh(fixture, RefreshOptions(replaceTitles: true))
    bookmark = try fixture.store.bookmark(atPath: located.path)
    #expect(bookmark.title == "서울특별시")
  }

  @Test func missingOnlySkipsPagesFetchedBefore() throws {
    let server = try TestHTTPServer.fixtureSite()
    let fixture = try StoreFixture()
    try fixture.add(server.baseURL + "/euc-kr.html")
    _ = try refresh(fixture)
    try fixture.add(server.baseURL + "/bare.html")
    let requestsBefore = server.received.count
    let outcome = try refresh(fixture, RefreshOptions(missingOnly: true))
    #expect(outcome.checked == 1)
    #expect(outcome.changed.map(\.bookmark.title) == ["Only a title"])
    #expect(!server.received.dropFirst(requestsBefore).contains { $0.target == "/euc-kr.html" })
  }

  @Test func deadLinksAreReportedAndTaggedOnRequest() throws {
    let server = try TestHTTPServer.fixtureSite()
    let fixture = try StoreFixture()
    let gone = try fixture.add(server.baseURL + "/status/410")
    let missing = try fixture.add(server.baseURL + "/status/404")
    let broken = try fixture.add(server.baseURL + "/status/500")
    let outcome = try refresh(fixture, RefreshOptions(deadTag: "dead"))
    #expect(outcome.failures.count == 3)
    #expect(
      Set(outcome.failures.filter(\.tagged).map(\.bookmark.path)) == [gone.path, missing.path])
    for dead in [gone, missing] {
      let now = try fixture.store.bookmark(atPath: dead.path)
      #expect(now.tags == ["dead"])
      #expect(now.lastModified > dead.bookmark.lastModified)
      let link = fixture.root + "/tags/dead/" + BookmarkPath.tagLinkName(forBookmarkPath: dead.path)
      #expect(FileManager.default.fileExists(atPath: link))
    }
    #expect(try fixture.store.bookmark(atPath: broken.path) == broken.bookmark)
    #expect(try fixture.subjects().first == "Refresh metadata of 2 bookmarks")
    #expect(try fixture.runGit("log", "-1", "--format=%b").contains("Tagged as dead links:"))
    #expect(try fixture.status() == "")
  }

  @Test func aHandEditIsSkippedAndNeverCommitted() throws {
    let server = try TestHTTPServer.fixtureSite()
    let fixture = try StoreFixture()
    let located = try fixture.add(server.baseURL + "/euc-kr.html")
    let text = try fixture.read(located.path).replacingOccurrences(
      of: "\"favorite\": false", with: "\"favorite\": true")
    try fixture.write(text, to: located.path)
    let outcome = try refresh(fixture)
    #expect(outcome.changed.isEmpty)
    #expect(outcome.skipped.map(\.path) == [located.path])
    #expect(try fixture.read(located.path) == text)
    #expect(try fixture.subjects().count == 2)
  }

  @Test(arguments: [1, 8])
  func fetchesAtMostTheGivenNumberOfPagesAtOnce(concurrency: Int) throws {
    let server = try TestHTTPServer.fixtureSite()
    let fixture = try StoreFixture()
    for index in 0..<16 { try fixture.add(server.baseURL + "/slow/100/many/\(index)") }
    let outcome = try refresh(fixture, RefreshOptions(concurrency: concurrency))
    #expect(outcome.changed.count == 16)
    #expect(server.peakConcurrency <= concurrency)
    // Each page takes 0.1 s, so eight workers overlap; one never does.
    #expect(server.peakConcurrency > (concurrency == 1 ? 0 : 1))
  }
}
