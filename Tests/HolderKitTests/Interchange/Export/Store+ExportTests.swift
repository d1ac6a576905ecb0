import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreExportTests {
  private func bookmarks(in file: String) throws -> [Bookmark] {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
    return try BookmarkJSONObject.decodeLines(bytes, file: file).map { try $0.result.get() }
  }

  @Test func writesTheWholeStoreToAFileThatReadsBackExactly() throws {
    let fixture = try StoreFixture()
    let outside = try ScratchDirectory()
    try fixture.add("https://example.org/one", tags: ["dev/swift"], note: "첫 줄\n둘째 줄")
    try fixture.add("https://example.org/two", tags: ["reading"])
    try fixture.add("https://example.org/three")
    let file = outside.path("backup.jsonl")
    let outcome = try fixture.store.export(ExportSelection(), as: .jsonl, to: .file(file))
    #expect(outcome.count == 3)
    #expect(outcome.problems.isEmpty)
    let stored = Set(fixture.store.snapshot().bookmarks.map(\.bookmark))
    #expect(Set(try bookmarks(in: file)) == stored)
    // Nothing is left beside the file, and the store did not change.
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["backup.jsonl"])
    #expect(try fixture.status() == "")
  }

  @Test func takesTheBookmarksOfAnyGivenTagAndOnlyFavourites() throws {
    let fixture = try StoreFixture()
    let outside = try ScratchDirectory()
    let swift = try fixture.add("https://example.org/swift", tags: ["dev/swift"])
    let rust = try fixture.add("https://example.org/rust", tags: ["dev/rust"])
    let novel = try fixture.add("https://example.org/novel", tags: ["reading"])
    try fixture.add("https://example.org/other", tags: ["other"])
    _ = try fixture.store.setFavorite([swift.path, novel.path], to: true)

    let tagged = outside.path("tagged.jsonl")
    _ = try fixture.store.export(
      ExportSelection(tags: ["DEV", "reading"]), as: .jsonl, to: .file(tagged))
    #expect(
      Set(try bookmarks(in: tagged).map(\.url)) == [
        swift.bookmark.url, rust.bookmark.url, novel.bookmark.url,
      ])

    let favourites = outside.path("favourites.jsonl")
    _ = try fixture.store.export(
      ExportSelection(tags: ["dev"], favoritesOnly: true), as: .jsonl, to: .file(favourites))
    #expect(try bookmarks(in: favourites).map(\.url) == [swift.bookmark.url])
  }

  @Test func refusesAFileInsideTheStoreAndLeavesItUntouched() throws {
    let fixture = try StoreFixture()
    let one = try fixture.add("https://example.org/one")
    let before = try fixture.bytes(one.path)
    for target in [
      fixture.root + "/" + one.path, fixture.root + "/export.html",
      fixture.root + "/.git/export.html", fixture.root + "/bookmarks/../x.json",
    ] {
      #expect(throws: ExportError.insideStore(path: target, store: fixture.store.root)) {
        try fixture.store.export(ExportSelection(), as: .json, to: .file(target))
      }
    }
    #expect(try fixture.bytes(one.path) == before)
    #expect(try fixture.status() == "")
  }

  @Test func refusesAFolderAndSaysToNameAFile() throws {
    let fixture = try StoreFixture()
    let outside = try ScratchDirectory()
    let error = #expect(throws: ExportError.self) {
      try fixture.store.export(ExportSelection(), as: .netscape, to: .file(outside.path))
    }
    #expect(error?.errorDescription?.contains("name the file to write") == true)
  }

  @Test func replacesAnEarlierExportWhole() throws {
    let fixture = try StoreFixture()
    let outside = try ScratchDirectory()
    let file = outside.path("bookmarks.html")
    try outside.write(
      "an older export, much longer than the new one " + String(repeating: "x", count: 100_000),
      to: "bookmarks.html")
    try fixture.add("https://example.org/one", tags: ["dev"])
    _ = try fixture.store.export(ExportSelection(), as: .netscape, to: .file(file))
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.hasPrefix("<!DOCTYPE NETSCAPE-Bookmark-file-1>"))
    #expect(!text.contains("older export"))
    #expect(text.contains("HREF=\"https://example.org/one\""))
  }

  @Test func anUnreadableFileIsReportedAndTheRestExported() throws {
    let fixture = try StoreFixture()
    let outside = try ScratchDirectory()
    let one = try fixture.add("https://example.org/one")
    let two = try fixture.add("https://example.org/two")
    try fixture.write("{ broken", to: two.path)
    let file = outside.path("out.json")
    let outcome = try fixture.store.export(ExportSelection(), as: .json, to: .file(file))
    #expect(outcome.count == 1)
    #expect(outcome.problems.map(\.path) == [two.path])
    let read = try BookmarkJSONObject.decodeDocument(
      Array(try Data(contentsOf: URL(fileURLWithPath: file))), file: file)
    #expect(try read.map { try $0.result.get().url } == [one.bookmark.url])
  }
}
