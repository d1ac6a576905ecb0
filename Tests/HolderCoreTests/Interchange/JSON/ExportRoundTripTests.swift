import HolderCore
import HolderCoreTestSupport
import PropertyBased
import Testing

/// Export then read back gives every field of every bookmark (JSON and JSON Lines through
/// `BookmarkJSONObject`'s decoder; Netscape through libxml2, in HTMLTests'
/// `NetscapeExportTests`).
@Suite struct ExportRoundTripTests {
  private func decoded(_ entries: [DecodedBookmark]) throws -> [Bookmark] {
    try entries.map { try $0.result.get() }
  }

  @Test func jsonExportReadsBackToTheSameBookmarks() async {
    await propertyCheck(count: 100, input: Gen.exportStore) { bookmarks in
      let bytes = BookmarkExporter(format: .json).bytes(bookmarks.map(ExportEntry.init))
      let read = try decoded(BookmarkJSONObject.decodeDocument(bytes, file: "e.json"))
      #expect(Set(read) == Set(bookmarks))
      #expect(read.count == bookmarks.count)
    }
  }

  @Test func jsonLinesExportReadsBackToTheSameBookmarks() async {
    await propertyCheck(count: 100, input: Gen.exportStore) { bookmarks in
      let bytes = BookmarkExporter(format: .jsonl).bytes(bookmarks.map(ExportEntry.init))
      #expect(bytes.filter { $0 == 0x0A }.count == bookmarks.count)
      let read = try decoded(BookmarkJSONObject.decodeLines(bytes, file: "e.jsonl"))
      #expect(Set(read) == Set(bookmarks))
      #expect(read.count == bookmarks.count)
    }
  }

  @Test func jsonExportIsTheListJSONText() async {
    // The path comes from the URL, which must be normalised (NFC, percent-encoded) as stored.
    await propertyCheck(count: 50, input: Gen.normalizedExportStore) { bookmarks in
      let bytes = BookmarkExporter(format: .json, chunkSize: 7).bytes(
        bookmarks.map(ExportEntry.init))
      let read = try decoded(BookmarkJSONObject.decodeDocument(bytes, file: "e.json"))
      let whole = CanonicalWriter.document(.array(read.map { BookmarkJSONObject.node(for: $0) }))
      #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: whole, as: UTF8.self))
    }
  }

  @Test func oneObjectReadsBackFromShowJSON() async {
    await propertyCheck(count: 100, input: Gen.exportStore.map(\.first)) { bookmark in
      guard let bookmark else { return }
      let text = BookmarkJSONObject.encode(bookmark, path: "bookmarks/x/y.json")
      #expect(try BookmarkJSONObject.decodeObject(text, file: "s.json") == bookmark)
      let entries = try BookmarkJSONObject.decodeDocument(text, file: "s.json")
      #expect(try decoded(entries) == [bookmark])
    }
  }

  @Test func aBrokenLineIsReportedWithItsLineAndTheOthersStillRead() throws {
    let good = BookmarkExporter(format: .jsonl).bytes(ExportSample.entries)
    var lines = String(decoding: good, as: UTF8.self).split(separator: "\n").map(String.init)
    lines.insert("{\"id\": 12}", at: 1)
    lines.insert("", at: 3)
    lines.insert("{not json", at: 4)
    let entries = BookmarkJSONObject.decodeLines(
      Array(lines.joined(separator: "\n").utf8), file: "broken.jsonl")
    #expect(entries.map(\.position) == [1, 2, 3, 5, 6, 7])
    let failures = entries.compactMap { entry -> CodecError? in
      if case .failure(let error) = entry.result { return error }
      return nil
    }
    #expect(failures.map(\.line) == [2, 5])
    #expect(failures.first?.message.contains("\"id\"") == true)
    #expect(entries.filter { (try? $0.result.get()) != nil }.count == 4)
  }

  @Test func aBadElementOfAJSONArrayFailsAloneWithItsPlace() throws {
    let text = """
      [
        {"id": "00000000-0000-4000-8000-000000000001", "url": "https://a.example/",
         "title": "A", "tags": [], "favorite": false,
         "created": "2026-11-21T09:14:03.120Z", "lastModified": "2026-11-21T09:14:03.120Z",
         "path": "ignored", "readableURL": "ignored"},
        {"id": "00000000-0000-4000-8000-000000000002", "url": "https://b.example/",
         "title": 5, "tags": [], "favorite": false,
         "created": "2026-11-21T09:14:03.120Z", "lastModified": "2026-11-21T09:14:03.120Z"}
      ]
      """
    let entries = try BookmarkJSONObject.decodeDocument(Array(text.utf8), file: "e.json")
    #expect(entries.count == 2)
    #expect((try? entries[0].result.get())?.title == "A")
    #expect((try? entries[0].result.get())?.extra.isEmpty == true)
    guard case .failure(let error) = entries[1].result else {
      Issue.record("a title that is a number must not decode")
      return
    }
    #expect(error.line == 7)
    #expect(error.message.contains("\"title\""))
  }
}
