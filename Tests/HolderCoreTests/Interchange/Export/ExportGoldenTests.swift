import Foundation
import HolderCore
import HolderCoreTestSupport
import Testing

/// Each format's export of a small store, compared byte for byte with `Tests/Fixtures/export/`.
///
/// Run with `HOLDER_UPDATE_GOLDEN=1` to rewrite the files after a deliberate change.
@Suite struct ExportGoldenTests {
  @Test(arguments: [
    (ExportFormat.netscape, "sample.html"), (.json, "sample.json"), (.jsonl, "sample.jsonl"),
    (.markdown, "sample.md"),
  ])
  func exportMatchesTheGoldenFile(format: ExportFormat, name: String) throws {
    let bytes = BookmarkExporter(format: format).bytes(ExportSample.entries)
    if ProcessInfo.processInfo.environment["HOLDER_UPDATE_GOLDEN"] != nil {
      let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Fixtures/export").standardizedFileURL
      try Data(bytes).write(to: folder.appendingPathComponent(name))
    }
    let golden = try Fixtures.bytes("export/" + name)
    #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: golden, as: UTF8.self))
  }

  @Test func theFormatFollowsTheFileExtension() {
    #expect(ExportFormat(fileName: "bookmarks.html") == .netscape)
    #expect(ExportFormat(fileName: "b.HTM") == .netscape)
    #expect(ExportFormat(fileName: "backup.json") == .json)
    #expect(ExportFormat(fileName: "backup.jsonl") == .jsonl)
    #expect(ExportFormat(fileName: "backup.ndjson") == .jsonl)
    #expect(ExportFormat(fileName: "notes/list.md") == .markdown)
    #expect(ExportFormat(fileName: "bookmarks") == nil)
    #expect(ExportFormat(fileName: "dir.json/bookmarks") == nil)
    #expect(ExportFormat(fileName: "bookmarks.txt") == nil)
  }

  @Test func anEmptySelectionGivesAValidEmptyFileInEveryFormat() throws {
    #expect(BookmarkExporter(format: .json).bytes([]) == Array("[]\n".utf8))
    #expect(BookmarkExporter(format: .jsonl).bytes([]).isEmpty)
    let html = String(decoding: BookmarkExporter(format: .netscape).bytes([]), as: UTF8.self)
    #expect(html.hasPrefix("<!DOCTYPE NETSCAPE-Bookmark-file-1>"))
    #expect(html.hasSuffix("<DL><p>\n</DL><p>\n"))
    let markdown = String(decoding: BookmarkExporter(format: .markdown).bytes([]), as: UTF8.self)
    #expect(markdown.contains("0 bookmarks"))
  }

  @Test func markdownListsABookmarkUnderEachOfItsTagsWithItsNote() {
    let markdown = String(
      decoding: BookmarkExporter(format: .markdown).bytes(ExportSample.entries), as: UTF8.self)
    #expect(markdown.contains("## places/asia\n\n- [서울 - 위키백과]"))
    #expect(markdown.contains("## 여행\n\n- [서울 - 위키백과]"))
    #expect(markdown.contains(" ★\n  첫 줄\n  둘째 줄\n"))
    #expect(markdown.contains("\\<b\\>Tags & \"quotes\"\\</b\\> \\* not \\_emphasis\\_"))
    #expect(markdown.contains("(<javascript:void(document.title)>)"))
    #expect(markdown.contains("## Untagged\n"))
  }
}
