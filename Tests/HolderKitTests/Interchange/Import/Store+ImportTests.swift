import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreImportTests {
  // Tests/HolderKitTests/Interchange/Import/this file → Tests/Fixtures/bookmarks.
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/bookmarks")

  static func fixture(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
  }

  /// A Netscape file of `count` links in a few nested folders, with tags and notes.
  static func generated(_ count: Int) -> [UInt8] {
    var text = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
    for folder in 0..<10 {
      text += "<DT><H3>Folder \(folder)</H3>\n<DL><p>\n<DT><H3>Inner</H3>\n<DL><p>\n"
      for number in stride(from: folder, to: count, by: 10) {
        text +=
          "<DT><A HREF=\"https://host\(number % 97).example/page/\(number)\" "
          + "ADD_DATE=\"\(1_600_000_000 + number)\" TAGS=\"t\(number % 7)\">Page \(number)</A>\n"
        if number % 3 == 0 { text += "<DD>Note for \(number)\n" }
      }
      text += "</DL><p>\n</DL><p>\n"
    }
    return Array((text + "</DL>\n").utf8)
  }

  func fields(_ store: Store) -> [[String]] {
    store.snapshot().bookmarks.map { located in
      let bookmark = located.bookmark
      return [
        bookmark.url, bookmark.title,
        bookmark.tags.filter { $0.first?.isUppercase == true }
          .joined(separator: ","), bookmark.created.rfc3339,
      ]
    }.sorted { $0[0] < $1[0] }
  }

  @Test func firefoxAndChromeExportsOfTheSameBookmarksGiveTheSameStore() throws {
    let firefox = try StoreFixture()
    let chrome = try StoreFixture()
    let fromFirefox = try firefox.store.importBookmarks(
      try Self.fixture("firefox.html"), options: ImportOptions())
    let fromChrome = try chrome.store.importBookmarks(
      try Self.fixture("chrome.html"), options: ImportOptions())
    #expect(fromFirefox.added == 7)
    #expect(fromChrome.added == 7)
    #expect(fromFirefox.skippedByReason == ["browser-internal": 2])
    #expect(fromChrome.skippedByReason == ["browser-internal": 1])
    #expect(fields(firefox.store) == fields(chrome.store))
    // Chrome has no TAGS or notes: importing it over the Firefox store changes nothing.
    let again = try firefox.store.importBookmarks(
      try Self.fixture("chrome.html"), options: ImportOptions())
    #expect(again.unchanged == 7)
    #expect(again.commit == nil)
    try firefox.fsck()
    #expect(try firefox.status() == "")
  }

  @Test func theSame10kFileTwiceIsOneCommitAndThenAllUnchanged() throws {
    let fixture = try StoreFixture()
    let file = Self.generated(10_000)
    let first = try fixture.store.importBookmarks(
      file, options: ImportOptions(sourceName: "b.html"))
    #expect(first.added == 10_000)
    #expect(first.commit != nil)
    let second = try fixture.store.importBookmarks(file, options: ImportOptions())
    #expect(second.unchanged == 10_000)
    #expect(second.added + second.merged == 0)
    #expect(second.commit == nil)
    #expect(
      try fixture.subjects() == ["Import 10000 bookmarks from b.html", "Create bookmark store"])
    #expect(fixture.store.bookmarkIndex().count == 10_000)
    #expect(try fixture.runGit("count-objects", "-v").contains("packs: 1"))
    #expect(try fixture.status() == "")
    let links = try FileManager.default.contentsOfDirectory(
      atPath: fixture.root + "/tags/Folder 3/Inner")
    #expect(links.count == 1000)
    try fixture.fsck()
  }

  @Test func deletedURLsStayDeletedUnlessAskedAndSavedOnesMerge() throws {
    let fixture = try StoreFixture()
    let saved = try fixture.add(
      "https://github.com/swiftlang/swift", title: "My title", tags: ["mine"], note: "keep me")
    let gone = try fixture.add("https://docs.python.org/3/library/index.html")
    try fixture.store.remove(gone.path)
    let report = try fixture.store.importBookmarks(
      try Self.fixture("firefox.html"), options: ImportOptions())
    #expect(report.added == 5)
    #expect(report.merged == 1)
    #expect(report.skippedByReason == ["browser-internal": 2, "deleted": 1])
    let merged = try fixture.store.bookmark(atPath: saved.path)
    #expect(merged.tags == ["mine", "swift"])
    #expect(merged.note == "keep me")
    #expect(merged.id == saved.bookmark.id)
    let back = try fixture.store.importBookmarks(
      try Self.fixture("firefox.html"), options: ImportOptions(includeDeleted: true))
    #expect(back.added == 1)
    #expect(back.unchanged == 6)
  }

  @Test func aDryRunWritesNothing() throws {
    let fixture = try StoreFixture()
    let report = try fixture.store.importBookmarks(
      try Self.fixture("firefox.html"), options: ImportOptions(dryRun: true, recordEveryLine: true))
    #expect(report.added == 7)
    #expect(report.lines.count == 9)
    #expect(report.commit == nil)
    #expect(try fixture.subjects().count == 1)
    #expect(fixture.store.snapshot().bookmarks.isEmpty)
    #expect(try fixture.runGit("count-objects", "-v").contains("packs: 0"))
  }

  @Test func undoTakesTheWholeImportBack() throws {
    let fixture = try StoreFixture()
    _ = try fixture.add("https://example.org/kept")
    _ = try fixture.store.importBookmarks(Self.generated(100), options: ImportOptions())
    #expect(fixture.store.snapshot().bookmarks.count == 101)
    _ = try fixture.store.undo()
    #expect(fixture.store.snapshot().bookmarks.count == 1)
    #expect(try fixture.status() == "")
    try fixture.fsck()
  }

  @Test func jsonExportReimportsEveryField() throws {
    let source = try StoreFixture()
    _ = try source.store.importBookmarks(try Self.fixture("firefox.html"), options: ImportOptions())
    let bookmarks = source.store.snapshot().bookmarks.map(\.bookmark)
    let objects = bookmarks.map { String(decoding: BookmarkCodec.encode($0), as: UTF8.self) }
    let target = try StoreFixture()
    let json = try target.store.importBookmarks(
      Array(("[" + objects.joined(separator: ",") + "]").utf8), options: ImportOptions())
    #expect(json.format == .json)
    #expect(json.added == 7)
    let reread = target.store.snapshot().bookmarks.map(\.bookmark)
    #expect(Set(reread) == Set(bookmarks))
    let lines = objects.map { $0.replacingOccurrences(of: "\n", with: "") }.joined(separator: "\n")
    let jsonl = try target.store.importBookmarks(Array(lines.utf8), options: ImportOptions())
    #expect(jsonl.format == .jsonl)
    #expect(jsonl.unchanged == 7)
  }

  @Test func oneBadEntryNeverStopsTheRest() throws {
    let fixture = try StoreFixture()
    let report = try fixture.store.importBookmarks(
      Array(
        """
        <DL><DT><A HREF="https://good.example/">ok</A>
        <DT><A HREF="http://[broken">bad</A>
        <DT><A>no href</A>
        <DT><A HREF="https://good.example/">again</A>
        <DT><A HREF="https://other.example/">ok</A></DL>
        """.utf8), options: ImportOptions())
    #expect(report.added == 2)
    #expect(report.skippedByReason == ["duplicate": 1, "invalid-url": 2])
  }
}
