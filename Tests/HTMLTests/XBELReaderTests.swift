import Foundation
import HTML
import HolderCore
import HolderCoreTestSupport
import PropertyBased
import Testing

@Suite struct XBELReaderTests {
  func items(_ bytes: [UInt8]) -> [NetscapeItem] {
    var items: [NetscapeItem] = []
    XBELReader.read(bytes) { items.append($0) }
    return items
  }

  @Test func floccusFileGivesFoldersTitlesNotesAndDates() throws {
    let items = items(try NetscapeReaderTests.fixture("floccus.xbel"))
    #expect(items.count == 6)
    let swift = items[0]
    #expect(swift.href == "https://www.swift.org/")
    #expect(swift.title == "Swift.org")
    #expect(swift.description == "The Swift language & its tools")
    #expect(swift.folders == ["Bookmarks Toolbar"])
    #expect(swift.attributes == ["added": "2023-05-10T12:34:56Z"])
    #expect(swift.line == 8)
    #expect(items[1].folders == ["Bookmarks Toolbar", "개발"])
    #expect(items[1].title == "한국어 위키백과")
    // Other programs' data in <info> is never a title.
    #expect(items[2].title == "ウィキペディア")
    #expect(items[2].folders == ["Bookmarks Toolbar", "개발", "日本語"])
    #expect(items[3].href == "https://example.com/untitled")
    #expect(items[3].folders.isEmpty && items[3].title.isEmpty)
    #expect(items[5].title == "Swift.org again")
    let entries = items.compactMap { try? $0.xbelResult(options: FolderOptions()).get() }
    #expect(entries.map(\.tags) == [[], ["개발"], ["개발/日本語"], [], [], []])
    #expect(entries[2].lastModified == Timestamp(rfc3339: "2023-05-12T00:00:00Z"))
    #expect(entries[4].warnings == ["the date added=\"someday\" is not a date; it was left out"])
  }

  @Test func aFileThatBreaksOffGivesWhatCameBeforeAndWhereItBroke() {
    let text = """
      <?xml version="1.0"?>
      <xbel version="1.0">
        <bookmark href="https://a.example/"><title>A</title></bookmark>
        <bookmark href="https://b.example/"><title>B</titel></bookmark>
        <bookmark href="https://c.example/"><title>C</title></bookmark>
      </xbel>
      """
    let items = items(Array(text.utf8))
    #expect(items.first?.href == "https://a.example/")
    let last = items.last.map { $0.xbelResult(options: FolderOptions()) }
    guard case .failure(let reason)? = last else {
      Issue.record("the last item should say where the file broke")
      return
    }
    #expect(reason.description.contains("line 4: the file is not well-formed XML"))
    #expect(!items.contains { $0.href == "https://c.example/" })
  }

  @Test func attributeValuesAreDecodedOnce() {
    let text = """
      <xbel version="1.0"><bookmark href="https://a.example/?a=1&amp;b=&lt;2&gt;&amp;c=&amp;#38;&quot;">\
      <title>&amp;#38; &lt;</title></bookmark></xbel>
      """
    let item = items(Array(text.utf8)).first
    #expect(item?.href == "https://a.example/?a=1&b=<2>&c=&#38;\"")
    #expect(item?.title == "&#38; <")
  }

  /// What `XBELWriter` writes as a space: characters XML 1.0 cannot hold.
  static func writable(_ text: String) -> Bool {
    !text.unicodeScalars.contains {
      ($0.value < 0x20 && !["\t", "\n", "\r"].contains($0)) || $0.value == 0xFFFE
        || $0.value == 0xFFFF
    }
  }

  @Test func anyExportReadsBackWholeWithItsTextExact() async {
    await propertyCheck(count: 300, input: Gen.bookmark) { bookmark in
      let bytes = BookmarkExporter(format: .xbel).bytes([ExportEntry(bookmark)])
      let items = items(bytes)
      // One place per tag, each read, none an error.
      #expect(items.count == max(1, bookmark.tags.count))
      for item in items {
        #expect((try? item.xbelResult(options: FolderOptions()).get()) != nil)
        if Self.writable(bookmark.url) { #expect(item.href == bookmark.url) }
        if Self.writable(bookmark.title) { #expect(item.title == bookmark.title) }
        if Self.writable(bookmark.note) { #expect(item.description == bookmark.note) }
        #expect(item.attributes["added"] == bookmark.created.rfc3339)
      }
    }
  }

  @Test func noEntityReachesTheNetworkOrAFile() {
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE xbel [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
      <xbel version="1.0"><bookmark href="https://a.example/"><title>&secret;</title></bookmark></xbel>
      """
    let titles = items(Array(text.utf8)).map(\.title)
    #expect(!titles.contains { $0.contains("root:") })
  }
}
