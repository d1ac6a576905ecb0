import HTML
import HolderCore
import HolderCoreTestSupport
import Testing

/// HolderCore's `MetadataExtractor` on pages as libxml2 parses them, so it is tested beside
/// the parser.
@Suite struct MetadataExtractorTests {
  private func extract(_ html: String, url: String = "https://example.org/a/page.html")
    -> ExtractedMetadata
  {
    MetadataExtractor.extract(from: HTMLParser.parse(html), pageURL: url)
  }

  private func extractFixture(_ name: String, url: String) throws -> ExtractedMetadata {
    let page = HTMLPage(bytes: try FixturePages.bytes(name))
    return MetadataExtractor.extract(from: page.document, pageURL: url)
  }

  @Test func aFullPageGivesEveryField() throws {
    let found = try extractFixture("full.html", url: "https://swift.example/docs/intro")
    #expect(found.title == "Swift on Twitter")
    #expect(found.description == "A twitter description")
    // og:image beats twitter:image, and resolves against <base href="/assets/">.
    #expect(found.image == "https://swift.example/assets/images/preview.png?size=large&v=2")
    #expect(
      found.icons == [
        "https://swift.example/assets/touch.png",
        "https://swift.example/assets/favicon-32.png",
        "https://swift.example/assets/favicon-16.png",
        "https://swift.example/assets/huge.png",
      ])
    #expect(found.fallbackIcon == "https://swift.example/favicon.ico")
  }

  @Test func aPropertyListingSeveralNamesCountsForEach() {
    let found = extract(
      """
      <head><title>Element</title>
      <meta property="og:title twitter:title" content="Both at once">
      <meta name=" twitter:description  description " content="Said twice"></head>
      """)
    #expect(found.title == "Both at once")
    #expect(found.description == "Said twice")
  }

  @Test func anIdeographicSpaceInATitleStays() {
    let found = extract("<head><title> 東京　都庁\n  ガイド </title></head>")
    #expect(found.title == "東京　都庁 ガイド")
  }

  @Test func openGraphGoesBeforeTwitterAndTheTitleElement() {
    let found = extract(
      """
      <head><title>Element</title><meta name="twitter:title" content="Twitter">
      <meta property="og:title" content="  Open   Graph  "></head>
      """)
    #expect(found.title == "Open Graph")
  }

  @Test func theTitleElementIsCollapsedAndDecoded() {
    let found = extract("<title>\n  Tom\t&amp;\n\n Jerry&nbsp;&#x1F600; </title>")
    #expect(found.title == "Tom & Jerry 😀")
  }

  @Test func emptyMetaValuesAreSkipped() {
    let found = extract(
      #"<title>Real</title><meta property="og:title" content="   ">"#
        + #"<meta property="og:description" content=""><meta name="description" content="D">"#)
    #expect(found.title == "Real")
    #expect(found.description == "D")
  }

  @Test func aPageWithNothingGivesOnlyTheFavicon() {
    let found = extract("<p>hello</p>", url: "http://127.0.0.1:8080/x/y")
    #expect(found.title == nil)
    #expect(found.description == nil)
    #expect(found.image == nil)
    #expect(found.icons.isEmpty)
    #expect(found.fallbackIcon == "http://127.0.0.1:8080/favicon.ico")
  }

  @Test func relativeAndProtocolRelativeImagesBecomeAbsolute() {
    #expect(
      extract(#"<meta property="og:image" content="../img/a.png">"#).image
        == "https://example.org/img/a.png")
    #expect(
      extract(#"<meta property="og:image" content="//cdn.example.net/a.png">"#).image
        == "https://cdn.example.net/a.png")
    #expect(
      extract(
        #"<meta property="og:image:secure_url" content="https://s.example/a.png">"#
          + #"<meta property="og:image" content="http://s.example/a.png">"#
      ).image
        == "https://s.example/a.png")
  }

  @Test func imagesThatAreNotWebURLsAreDropped() {
    #expect(extract(#"<meta property="og:image" content="javascript:alert(1)">"#).image == nil)
    #expect(
      extract(
        #"<meta property="og:image" content="data:image/png;base64,AAAA">"#
          + #"<meta name="twitter:image" content="/t.png">"#
      ).image == "https://example.org/t.png")
  }

  @Test func nonASCIIImagePathsAreEncoded() {
    let found = extract(#"<meta property="og:image" content="/이미지/서울 1.png">"#)
    #expect(
      found.image == "https://example.org/%EC%9D%B4%EB%AF%B8%EC%A7%80/%EC%84%9C%EC%9A%B8%201.png")
  }

  @Test func aVeryLongTitleIsCut() {
    let found = extract("<title>" + String(repeating: "a", count: 5000) + "</title>")
    #expect(found.title?.count == 300)
    #expect(found.title?.hasSuffix("…") == true)
  }

  @Test func aKoreanPageInEUCKRReadsAsKorean() throws {
    let found = try extractFixture("euc-kr.html", url: "http://127.0.0.1:9/euc-kr.html")
    #expect(found.title == "서울특별시")
    #expect(found.description == "대한민국의 수도 & 최대 도시")
    #expect(found.image == "http://127.0.0.1:9/images/seoul.png")
    #expect(found.icons == ["http://127.0.0.1:9/favicon-32.png"])
  }
}
