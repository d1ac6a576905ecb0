import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

/// Firefox's places.sqlite imported through the helper program (and libsqlite3 in it).
@Suite struct PlacesImportTests {
  func places(_ sql: String = PlacesFixture.schema + PlacesFixture.sample) throws -> (
    ScratchDirectory, [UInt8]
  ) {
    let folder = try ScratchDirectory()
    let path = folder.path("places.sqlite")
    try PlacesFixture.write(sql, to: path)
    return (folder, Array(try Data(contentsOf: URL(fileURLWithPath: path))))
  }

  func bookmark(_ store: Store, _ url: String) -> Bookmark? {
    store.snapshot().bookmarks.first { $0.bookmark.url == url }?.bookmark
  }

  @Test func eachFieldComesAcrossAndASecondImportChangesNothing() throws {
    let (_, bytes) = try places()
    #expect(ImportFormat.detect(bytes) == .firefoxPlaces)
    let fixture = try StoreFixture()
    let report = try fixture.store.importBookmarks(
      bytes, options: ImportOptions(sourceName: "places.sqlite"))
    #expect(report.format == .firefoxPlaces)
    // swift.org twice (toolbar folder and mobile) is one bookmark, the first in the tree's
    // order (the toolbar's, titled) kept and the other counted; place: is skipped.
    #expect(report.added == 4)
    #expect(report.skippedByReason == ["browser-internal": 1, "duplicate": 1])
    #expect(report.commit != nil)

    let swift = bookmark(fixture.store, "https://swift.org/")
    #expect(swift?.title == "Swift 언어")
    #expect(Set(swift?.tags ?? []) == ["개발/言語", "프로그래밍"])
    #expect(swift?.created.rfc3339 == "2023-11-14T22:13:20.000Z")
    #expect(swift?.extra["keyword"] == .string("sw"))
    let tokyo = bookmark(fixture.store, "https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC")
    #expect(tokyo?.title == "東京")
    #expect(Set(tokyo?.tags ?? []) == ["日本", "프로그래밍"])
    let mozilla = bookmark(fixture.store, "https://www.mozilla.org/ko/")
    #expect(mozilla?.title == "모질라")
    #expect(mozilla?.tags == [])
    #expect(bookmark(fixture.store, "https://example.com/untitled")?.tags == ["개발"])

    let head = try fixture.runGit("rev-parse", "HEAD")
    let again = try fixture.store.importBookmarks(
      bytes, options: ImportOptions(sourceName: "places.sqlite"))
    #expect(again.added == 0)
    #expect(again.merged == 0)
    #expect(again.unchanged == 4)
    #expect(again.commit == nil)
    #expect(try fixture.runGit("rev-parse", "HEAD") == head)
  }

  @Test func whatFirefoxKeepsInItsLogIsImportedWithIt() throws {
    let folder = try ScratchDirectory()
    let copy = folder.path("copy/places.sqlite")
    try PlacesFixture.writeWithRecentInLog(at: folder.path("live/places.sqlite"), copy: copy)
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: copy)))
    let log = Array(try Data(contentsOf: URL(fileURLWithPath: copy + "-wal")))

    let without = try StoreFixture()
    let main = try without.store.importBookmarks(bytes, options: ImportOptions(dryRun: true))
    #expect(main.added == 4)

    let with = try StoreFixture()
    let report = try with.store.importBookmarks(bytes, options: ImportOptions(writeAheadLog: log))
    #expect(report.added == 5)
    #expect(
      with.store.snapshot().bookmarks.contains {
        $0.bookmark.title == "최근 북마크" && $0.bookmark.url.hasPrefix("https://wal.example/")
      })
  }

  @Test func theSameDatabaseWithNewerChangesInItsLogIsReadAgain() throws {
    // The main file is the same bytes: only the -wal file (Firefox still running) has the
    // newer bookmark, so an import must not be taken for a repeat of the one before.
    let folder = try ScratchDirectory()
    let copy = folder.path("copy/places.sqlite")
    try PlacesFixture.writeWithRecentInLog(at: folder.path("live/places.sqlite"), copy: copy)
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: copy)))
    let log = Array(try Data(contentsOf: URL(fileURLWithPath: copy + "-wal")))
    let fixture = try StoreFixture()
    let first = try fixture.store.importBookmarks(bytes, options: ImportOptions())
    #expect(first.added == 4)
    let second = try fixture.store.importBookmarks(
      bytes, options: ImportOptions(writeAheadLog: log))
    #expect(second.added == 1)
    #expect(second.unchanged == 4)
    #expect(second.commit != nil)
  }

  @Test func anSQLiteFileOfAnotherProgramIsAClearError() throws {
    let (_, bytes) = try places("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);")
    let fixture = try StoreFixture()
    let error = #expect(throws: StoreError.self) {
      try fixture.store.importBookmarks(bytes, options: ImportOptions(sourceName: "notes.db"))
    }
    let message = error?.errorDescription ?? ""
    #expect(message.contains("notes.db"), "\(message)")
    #expect(message.contains("not Firefox's places.sqlite"), "\(message)")
    #expect(try fixture.runGit("rev-list", "--count", "HEAD").hasPrefix("1"))
  }

  @Test func aDamagedDatabaseIsAClearError() throws {
    var (_, bytes) = try places()
    bytes = Array(bytes.prefix(100)) + [UInt8](repeating: 0xFF, count: 4000)
    let fixture = try StoreFixture()
    let error = #expect(throws: StoreError.self) {
      try fixture.store.importBookmarks(bytes, options: ImportOptions(sourceName: "places.sqlite"))
    }
    #expect(
      error?.errorDescription?.contains("SQLite cannot read it") == true,
      "\(String(describing: error))")
  }

  /// A large profile (5,000 bookmarks in nested folders, every tenth tagged): one commit,
  /// then nothing to do.
  @Test func aLargeDatabaseImportsOnceAndThenIsUnchanged() throws {
    var sql = PlacesFixture.schema + "BEGIN;\n"
    sql += "INSERT INTO moz_bookmarks (id, type, parent, position, title, guid) VALUES "
    sql +=
      (0..<10).map { "(\(100 + $0), 2, 3, \($0), '폴더 \($0)', 'f\($0)')" }
      .joined(separator: ", ") + ";\n"
    sql += "INSERT INTO moz_bookmarks (id, type, parent, position, title, guid) VALUES "
    sql += "(200, 2, 4, 0, '読む', 't200');\n"
    for number in 0..<5000 {
      sql +=
        "INSERT INTO moz_places (id, url, title, guid) VALUES (\(1000 + number), "
        + "'https://host\(number % 97).example/page/\(number)', 'ページ \(number)', 'p\(number)');\n"
        + "INSERT INTO moz_bookmarks (id, type, fk, parent, position, title, dateAdded, "
        + "lastModified, guid) VALUES (\(10_000 + number), 1, \(1000 + number), "
        + "\(100 + number % 10), \(number / 10), '쪽 \(number)', 1600000000000000, "
        + "1600000000000000, 'b\(number)');\n"
      if number % 10 == 0 {
        sql +=
          "INSERT INTO moz_bookmarks (id, type, fk, parent, position, guid) VALUES "
          + "(\(20_000 + number), 1, \(1000 + number), 200, \(number / 10), 'r\(number)');\n"
      }
    }
    let (_, bytes) = try places(sql + "COMMIT;\n")
    let fixture = try StoreFixture()
    let first = try fixture.store.importBookmarks(bytes, options: ImportOptions())
    #expect(first.added == 5000)
    #expect(first.commit != nil)
    let tagged = bookmark(fixture.store, "https://host10.example/page/10")
    #expect(Set(tagged?.tags ?? []) == ["폴더 0", "読む"])
    let again = try fixture.store.importBookmarks(bytes, options: ImportOptions())
    #expect(again.added + again.merged == 0)
    #expect(again.unchanged == 5000)
    #expect(again.commit == nil)
    try fixture.fsck()
  }
}
