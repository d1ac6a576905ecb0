import HolderCore
import Testing

@Suite struct XBELTests {
  func ms(_ text: String) -> Timestamp? { Timestamp(rfc3339: text) }

  @Test func datesAreReadInTheFormsXBELFilesUse() {
    #expect(XBELDate.parse("2023-05-10T12:34:56.789Z") == ms("2023-05-10T12:34:56.789Z"))
    #expect(XBELDate.parse("2023-05-10T12:34:56+09:00") == ms("2023-05-10T03:34:56Z"))
    #expect(XBELDate.parse("2023-05-10T12:34:56") == ms("2023-05-10T12:34:56Z"))
    #expect(XBELDate.parse("2023-05-10") == ms("2023-05-10T00:00:00Z"))
    #expect(XBELDate.parse("1683720000") == ms("2023-05-10T12:00:00Z"))
    #expect(XBELDate.parse("someday") == nil)
  }

  @Test func anXBELFileIsToldByItsRootElement() throws {
    #expect(ImportFormat.detect(try Fixtures.bytes("bookmarks/floccus.xbel")) == .xbel)
    #expect(ImportFormat.detect(Array("\u{FEFF}\n<xbel version=\"1.0\"></xbel>".utf8)) == .xbel)
    #expect(ImportFormat.detect(Array("<?xml version=\"1.0\"?><rss></rss>".utf8)) == nil)
    #expect(ImportFormat.xbel.rawValue == "xbel")
  }

  @Test func aBookmarkBecomesAnEntryWithFolderTagsNoteAndDates() {
    let item = NetscapeItem(
      href: " https://a.example/ ", title: "  A\n title ", description: "\n  line one\nline two\n",
      folders: ["Bookmarks Menu", "개발", "日本語"],
      attributes: ["added": "2023-05-10T12:34:56Z", "modified": "2023-05-09"], line: 7)
    let entry = try? item.xbelResult(options: FolderOptions()).get()
    #expect(entry?.url == "https://a.example/")
    #expect(entry?.title == "A title")
    #expect(entry?.note == "line one\nline two")
    #expect(entry?.tags == ["개발/日本語"])
    #expect(entry?.created == ms("2023-05-10T12:34:56Z"))
    // Never before its creation.
    #expect(entry?.lastModified == ms("2023-05-10T12:34:56Z"))
    #expect(entry?.line == 7)
    let bad = NetscapeItem(href: "https://b.example/", title: "", attributes: ["added": "x"])
    #expect(
      (try? bad.xbelResult(options: FolderOptions()).get())?.warnings == [
        "the date added=\"x\" is not a date; it was left out"
      ])
  }

  @Test func aBrokenFileIsASkipNamingTheLine() {
    let item = NetscapeItem.xbelError(line: 12, message: "Premature end of data")
    guard case .failure(let reason) = item.xbelResult(options: FolderOptions()) else {
      Issue.record("a broken file must be a skip")
      return
    }
    #expect(
      reason.description
        == "unreadable entry: line 12: the file is not well-formed XML here (Premature end of data); nothing after it was read"
    )
  }

  @Test func theExportNestsTagFoldersAndEscapesText() {
    let created = Timestamp(millisecondsSince1970: 1_683_721_296_789)
    let bookmarks = [
      Bookmark(
        id: BookmarkID("00000000-0000-4000-8000-000000000001")!,
        url: "https://a.example/?x=1&y=\"2\"",
        title: "A <b> & 한국어", note: "line\r\nnext\u{1}", tags: ["dev/swift", "日本語"],
        favorite: false, created: created, lastModified: created, metadata: nil, extra: [:]),
      Bookmark(
        id: BookmarkID("00000000-0000-4000-8000-000000000002")!, url: "https://b.example/",
        title: "B", note: "", tags: [], favorite: true, created: created,
        lastModified: created, metadata: nil, extra: [:]),
    ]
    let text = String(
      decoding: BookmarkExporter(format: .xbel).bytes(bookmarks.map { ExportEntry($0) }),
      as: UTF8.self)
    #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE xbel PUBLIC"))
    #expect(
      text.contains(
        """
          <folder>
            <title>dev</title>
            <folder>
              <title>swift</title>
              <bookmark href="https://a.example/?x=1&amp;y=&quot;2&quot;" added="2023-05-10T12:21:36.789Z" modified="2023-05-10T12:21:36.789Z">
                <title>A &lt;b&gt; &amp; 한국어</title>
                <desc>line&#13;
        next </desc>
              </bookmark>
            </folder>
          </folder>
          <folder>
            <title>日本語</title>
        """))
    #expect(
      text.hasSuffix(
        "  <bookmark href=\"https://b.example/\" added=\"2023-05-10T12:21:36.789Z\" modified=\"2023-05-10T12:21:36.789Z\">\n    <title>B</title>\n  </bookmark>\n</xbel>\n"
      ))
    #expect(ExportFormat(fileName: "bookmarks.xbel") == .xbel)
  }
}
