import Foundation
import HolderCore
import Testing

@Suite struct PocketHTMLTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/bookmarks/pocket.html")

  @Test func pocketsExportIsDetectedByItsContent() throws {
    let bytes = Array(try Data(contentsOf: Self.fixture))
    #expect(ImportFormat.detect(bytes) == .pocketHTML)
    #expect(ImportFormat(rawValue: "pocket-html") == .pocketHTML)
    let netscape = Array("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><DT><A HREF=\"x\">x</A>".utf8)
    #expect(ImportFormat.detect(netscape) == .netscape)
  }

  @Test func aLinkOfTheUnreadSectionIsToReadWithItsTagsAndTime() {
    let unread = NetscapeItem(
      href: "https://ko.wikipedia.org/wiki/한글", title: "한글 - 위키백과",
      attributes: ["time_added": "1600000100", "tags": "한국어,언어"], section: "Unread", line: 12)
    let entry = PocketHTML.entry(unread)
    #expect(entry.tags == ["한국어", "언어", "toread"])
    #expect(entry.created == Timestamp(millisecondsSince1970: 1_600_000_100_000))
    #expect(entry.title == "한글 - 위키백과")
    #expect(entry.warnings.isEmpty)
    let read = NetscapeItem(
      href: "https://www.aozora.gr.jp/", title: "https://www.aozora.gr.jp/",
      attributes: ["time_added": "", "tags": ""], section: "Read Archive")
    let archived = PocketHTML.entry(read)
    #expect(archived.tags.isEmpty)
    #expect(archived.title.isEmpty)
    #expect(archived.created == nil)
    #expect(archived.warnings == ["time_added is empty: the time of the import is used instead"])
  }
}
