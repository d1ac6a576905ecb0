import HTML
import HolderCore
import HolderCoreTestSupport
import Testing

@Suite struct HTMLParserTests {
  @Test func givesElementsAttributesAndTextAsValues() {
    let document = HTMLParser.parse(
      #"<html><head><TITLE>Tom &amp; Jerry &eacute;</TITLE></head>"#
        + #"<body><A HREF="/x?a=1&amp;b=2" Add_Date=1>link</a></body></html>"#)
    #expect(document.name == "#document")
    #expect(document.firstDescendant(named: "title")?.text == "Tom & Jerry é")
    let link = document.firstDescendant(named: "a")
    #expect(link?.attribute("href") == "/x?a=1&b=2")
    #expect(link?.attribute("ADD_DATE") == "1")
    #expect(link?.attributes.map(\.name) == ["href", "add_date"])
    #expect(link?.text == "link")
  }

  @Test func repairsBrokenMarkupLikeABrowser() {
    // A Netscape bookmark file: unclosed <DT> and <p>, no <html>.
    let document = HTMLParser.parse(
      """
      <!DOCTYPE NETSCAPE-Bookmark-file-1>
      <DL><p>
        <DT><H3>Folder</H3>
        <DL><p>
          <DT><A HREF="https://example.org/">Example</A>
        </DL><p>
      </DL>
      """)
    #expect(
      document.descendants(named: "a").map { $0.attribute("href") } == ["https://example.org/"])
    #expect(document.descendants(named: "h3").map(\.text) == ["Folder"])
    #expect(document.descendants(named: "dl").count == 2)
  }

  @Test func emptyOrGarbageInputGivesAnEmptyDocument() {
    #expect(HTMLParser.parse("").children.isEmpty)
    let garbage = HTMLParser.parse("\u{0}\u{1}<<<>>>&&&")
    #expect(garbage.name == "#document")
  }

  @Test func ignoresAMetaCharsetOnceTheTextIsDecoded() throws {
    // The text is already Korean; libxml2 must not re-read it as EUC-KR because of the meta.
    let document = HTMLParser.parse(
      #"<meta charset="euc-kr"><title>서울</title>"#)
    #expect(document.firstDescendant(named: "title")?.text == "서울")
  }

  @Test func keepsATerminalEscapeInTheTitleAsData() throws {
    let page = HTMLPage(bytes: try FixturePages.bytes("escape.html"))
    let title = page.document.firstDescendant(named: "title")?.text ?? ""
    // libxml2 drops C0 controls (not allowed in HTML text) but keeps the C1 CSI, which a
    // terminal obeys like ESC [: the printer must neutralise it.
    #expect(!title.unicodeScalars.contains("\u{1B}"))
    #expect(title == "Evil [2J\u{9B}31mred\u{9B}0m title")
  }

  @Test func parsesDeepNestingWithoutCrashing() {
    // 2 MB of nothing but opening tags: what a hostile page within the fetch cap can hold.
    let deep = "<title>Deep</title>" + String(repeating: "<div>", count: 400_000) + "x"
    let document = HTMLParser.parse(deep)
    #expect(document.firstDescendant(named: "title")?.text == "Deep")
    var depth = 0
    var element = document
    while let child = element.elements.first {
      depth += 1
      element = child
    }
    #expect(depth <= HTMLParser.maximumDepth)
  }
}
