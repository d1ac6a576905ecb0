import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import PropertyBased
import Testing

@Suite struct ExportImportRoundTripTests {
  /// Export → import into an empty store gives back every field of every bookmark, in each
  /// of the formats that carry every field (Netscape with holder-git's attributes, JSON,
  /// JSON Lines).
  @Test func everyFieldSurvivesExportAndImport() async {
    await propertyCheck(count: 25, input: Gen.bookmark) { generated in
      var bookmark = generated
      guard let url = try? URLNormalizer.normalize(bookmark.url) else { return }
      bookmark.url = url
      for format in [ExportFormat.netscape, .json, .jsonl] {
        let fixture = try StoreFixture()
        let bytes = BookmarkExporter(format: format).bytes([ExportEntry(bookmark)])
        let report = try fixture.store.importBookmarks(bytes, options: ImportOptions())
        #expect(report.added == 1, "\(format): \(report.skipped)")
        #expect(fixture.store.snapshot().bookmarks.map(\.bookmark) == [bookmark], "\(format)")
      }
    }
  }

  /// Markdown carries the URL, the title, the tags (a section per tag), the note and the
  /// favourite star: an export read back gives them as the writer wrote them.
  @Test func markdownExportReimportsURLTitleTagsAndNote() throws {
    var bookmarks = ExportSample.bookmarks
    let time = Timestamp(millisecondsSince1970: 1_763_716_443_120)
    bookmarks.append(
      Bookmark(
        id: BookmarkID("00000000-0000-4000-8000-000000000009")!,
        url: "https://en.wikipedia.org/wiki/Swift_(programming_language)",
        title: "# [Swift] (lang) \\ `code` |pipe| - + =",
        note: "- not a list\n# not a heading\n\n  indented *stars* [x](y)",
        tags: ["dev/swift", "snake_case", "dev"], created: time, lastModified: time))
    bookmarks.append(
      Bookmark(
        id: BookmarkID("00000000-0000-4000-8000-000000000008")!,
        url: "https://example.org/a%20b/<x>", title: "Spaces and brackets",
        created: time, lastModified: time))
    let bytes = BookmarkExporter(format: .markdown).bytes(bookmarks.map(ExportEntry.init))
    let fixture = try StoreFixture()
    let report = try fixture.store.importBookmarks(bytes, options: ImportOptions())
    #expect(report.format == .markdown)
    #expect(report.added == bookmarks.count, "\(report.skipped)")
    #expect(report.skipped.isEmpty, "\(report.skipped)")
    struct Carried: Hashable {
      var url, title, note: String
      var tags: [String]
      var favorite: Bool
    }
    func carried(_ bookmark: Bookmark) -> Carried {
      let note = bookmark.note.split(separator: "\n")
        .map { $0.trimmingPrefix(while: \.isWhitespace) }.filter { !$0.isEmpty }
        .joined(separator: "\n")
      return Carried(
        url: (try? URLNormalizer.normalize(bookmark.url)) ?? bookmark.url, title: bookmark.title,
        note: note, tags: bookmark.tags,
        favorite: bookmark.favorite)
    }
    let read = Set(fixture.store.snapshot().bookmarks.map { carried($0.bookmark) })
    #expect(read == Set(bookmarks.map(carried)))
    // The same file again changes nothing.
    let again = try fixture.store.importBookmarks(bytes, options: ImportOptions())
    #expect(again.unchanged == bookmarks.count && again.added == 0 && again.merged == 0)
  }
}
