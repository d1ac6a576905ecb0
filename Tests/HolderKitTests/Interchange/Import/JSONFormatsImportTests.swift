import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

/// The JSON files of browsers and services imported into a store: found without `--format`,
/// what they add, and a second import that changes nothing.
@Suite struct JSONFormatsImportTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var file: String
    var format: ImportFormat
    var added: Int
    var skipped: [String: Int]
    var testDescription: String { file }
  }

  static let cases: [Case] = [
    Case(
      file: "chrome-Bookmarks.json", format: .chrome, added: 5,
      skipped: ["duplicate": 1, "browser-internal": 1]),
    Case(
      file: "firefox-backup.json", format: .firefoxJSON, added: 5,
      skipped: ["duplicate": 1, "browser-internal": 1]),
    Case(
      file: "firefox-backup.jsonlz4", format: .firefoxJSON, added: 5,
      skipped: ["duplicate": 1, "browser-internal": 1]),
    Case(file: "pinboard.json", format: .pinboard, added: 4, skipped: ["duplicate": 1]),
    Case(file: "buku.json", format: .buku, added: 4, skipped: ["duplicate": 1]),
    Case(file: "delicious.json", format: .json, added: 4, skipped: [:]),
    Case(file: "omnivore-metadata_0.json", format: .omnivore, added: 3, skipped: ["duplicate": 1]),
  ]

  @Test(arguments: cases)
  func isFoundAddsItsBookmarksAndASecondImportChangesNothing(_ test: Case) throws {
    let fixture = try StoreFixture()
    let bytes = try StoreImportTests.fixture(test.file)
    let first = try fixture.store.importBookmarks(
      bytes, options: ImportOptions(sourceName: test.file))
    #expect(first.format == test.format)
    #expect(first.added == test.added)
    #expect(first.skippedByReason == test.skipped)
    #expect(first.commit != nil)
    let second = try fixture.store.importBookmarks(
      bytes, options: ImportOptions(sourceName: test.file))
    #expect(second.added + second.merged == 0)
    #expect(second.unchanged == test.added)
    #expect(second.commit == nil)
    #expect(try fixture.subjects().count == 2)
    try fixture.fsck()
    #expect(try fixture.status() == "")
  }

  @Test func aCompressedFirefoxBackupGivesWhatItsJSONGives() throws {
    let compressed = try StoreFixture()
    let plain = try StoreFixture()
    _ = try compressed.store.importBookmarks(
      try StoreImportTests.fixture("firefox-backup.jsonlz4"), options: ImportOptions())
    _ = try plain.store.importBookmarks(
      try StoreImportTests.fixture("firefox-backup.json"), options: ImportOptions())
    func fields(_ store: Store) -> [[String]] {
      store.snapshot().bookmarks.map {
        [
          $0.bookmark.url, $0.bookmark.title, $0.bookmark.note,
          $0.bookmark.tags.joined(separator: ","),
        ]
      }.sorted { $0[0] < $1[0] }
    }
    #expect(fields(compressed.store) == fields(plain.store))
    let swift = try #require(
      plain.store.snapshot().bookmarks.first { $0.bookmark.url == "https://www.swift.org/" })
    // The toolbar's copy of the link joins its tag; the tags root adds nothing.
    #expect(swift.bookmark.tags == ["apple", "lang", "swift"])
    #expect(swift.bookmark.extra["keyword"] == .string("sw"))
  }

  @Test func aDamagedCompressedBackupFailsSayingSo() throws {
    let fixture = try StoreFixture()
    var bytes = try StoreImportTests.fixture("firefox-backup.jsonlz4")
    bytes.removeLast(40)
    #expect {
      _ = try fixture.store.importBookmarks(bytes, options: ImportOptions(sourceName: "b.jsonlz4"))
    } throws: { error in
      guard case StoreError.importing(.damagedCompression(let source)) = error else { return false }
      return source == "b.jsonlz4"
    }
    #expect(try fixture.subjects().count == 1)
  }

  @Test func pinboardsPrivateAndToreadAreKept() throws {
    let fixture = try StoreFixture()
    _ = try fixture.store.importBookmarks(
      try StoreImportTests.fixture("pinboard.json"), options: ImportOptions())
    let naver = try #require(
      fixture.store.snapshot().bookmarks.first { $0.bookmark.url == "https://news.naver.com/" })
    #expect(naver.bookmark.tags.contains("toread"))
    #expect(naver.bookmark.extra["private"] == .bool(true))
  }

  /// A format forced on a file of another, which reads not one bookmark, fails.
  ///
  /// It used to end "0 added" and succeed, every record unreadable.
  @Test func aForcedFormatThatReadsNothingFails() throws {
    let fixture = try StoreFixture()
    let chrome = try StoreImportTests.fixture("chrome-Bookmarks.json")
    #expect {
      _ = try fixture.store.importBookmarks(
        chrome, options: ImportOptions(format: .jsonl, sourceName: "Bookmarks"))
    } throws: { error in
      guard
        case StoreError.importing(.nothingReadable(let source, let format, let count, _)) = error
      else { return false }
      return source == "Bookmarks" && format == .jsonl && count > 50
    }
    #expect {
      _ = try fixture.store.importBookmarks(
        chrome, options: ImportOptions(format: .pinboard, sourceName: "Bookmarks"))
    } throws: { error in
      guard case StoreError.importing(.nothingReadable(_, .pinboard, 1, _)) = error else {
        return false
      }
      return true
    }
    #expect(try fixture.subjects().count == 1)
  }

  @Test func aFileOfNoFormatFailsNamingTheClosest() throws {
    let fixture = try StoreFixture()
    #expect {
      _ = try fixture.store.importBookmarks(
        Array("{\"a\":1}".utf8), options: ImportOptions(sourceName: "x.json"))
    } throws: { error in
      guard case StoreError.importing(let importError) = error else { return false }
      return importError.message.contains("'--format jsonl'")
        && importError.message.contains("\"a\"")
    }
  }

  /// A Chrome file of `count` links in ten folders of two levels.
  static func largeChrome(_ count: Int) -> [UInt8] {
    var folders: [String] = []
    for folder in 0..<10 {
      let links = stride(from: folder, to: count, by: 10).map { number in
        "{\"date_added\": \"\(13_300_000_000_000_000 + number * 1_000_000)\", "
          + "\"name\": \"페이지 \(number)\", \"type\": \"url\", "
          + "\"url\": \"https://host\(number % 97).example/page/\(number)\"}"
      }
      folders.append(
        "{\"name\": \"폴더 \(folder)\", \"type\": \"folder\", \"children\": ["
          + "{\"name\": \"内側\", \"type\": \"folder\", \"children\": ["
          + links.joined(separator: ",\n") + "]}]}")
    }
    let text =
      "{\"checksum\": \"0\", \"roots\": {\"bookmark_bar\": {\"name\": \"Bookmarks bar\", "
      + "\"type\": \"folder\", \"children\": [" + folders.joined(separator: ",\n")
      + "]}}, \"version\": 1}"
    return Array(text.utf8)
  }

  @Test func aLargeChromeFileImportsWholeAndThenIsUnchanged() throws {
    let fixture = try StoreFixture()
    let file = Self.largeChrome(5000)
    let first = try fixture.store.importBookmarks(file, options: ImportOptions())
    #expect(first.format == .chrome)
    #expect(first.added == 5000)
    let second = try fixture.store.importBookmarks(file, options: ImportOptions())
    #expect(second.unchanged == 5000)
    #expect(second.commit == nil)
    let tagged = fixture.store.snapshot().bookmarks.first {
      $0.bookmark.url == "https://host12.example/page/1273"
    }
    #expect(tagged?.bookmark.tags == ["폴더 3/内側"])
    #expect(tagged?.bookmark.title == "페이지 1273")
  }

  /// `count` records of `format`, each a link of its own with a Korean title and a tag.
  static func large(_ format: ImportFormat, _ count: Int) -> [UInt8] {
    let records = (0..<count).map { number -> String in
      let url = "https://host\(number % 97).example/page/\(number)"
      switch format {
      case .pinboard:
        return "{\"href\": \"\(url)\", \"description\": \"페이지 \(number)\", \"extended\": \"\", "
          + "\"time\": \"2023-11-14T22:13:20Z\", \"shared\": \"yes\", \"toread\": \"no\", "
          + "\"tags\": \"t\(number % 7)\"}"
      case .buku:
        return "{\"index\": \(number + 1), \"uri\": \"\(url)\", \"title\": \"페이지 \(number)\", "
          + "\"description\": \"\", \"tags\": \",t\(number % 7),\"}"
      case .omnivore:
        return "{\"id\": \"\(number)\", \"slug\": \"s\(number)\", \"url\": \"\(url)\", "
          + "\"title\": \"페이지 \(number)\", \"state\": \"Archived\", \"labels\": [\"t\(number % 7)\"], "
          + "\"savedAt\": \"2023-11-14T22:13:20.000Z\"}"
      default:
        return
          "{\"type\": \"text/x-moz-place\", \"uri\": \"\(url)\", \"title\": \"페이지 \(number)\", "
          + "\"dateAdded\": 1700000000000000, \"tags\": \"t\(number % 7)\"}"
      }
    }
    let list = records.joined(separator: ",\n")
    guard format == .firefoxJSON else { return Array("[\(list)]".utf8) }
    return Array(
      ("{\"guid\": \"root________\", \"type\": \"text/x-moz-place-container\", "
        + "\"root\": \"placesRoot\", \"children\": [{\"guid\": \"menu________\", \"title\": \"menu\", "
        + "\"type\": \"text/x-moz-place-container\", \"root\": \"bookmarksMenuFolder\", "
        + "\"children\": [\(list)]}]}").utf8)
  }

  @Test(arguments: [ImportFormat.pinboard, .buku, .omnivore, .firefoxJSON])
  func aLargeFileIsFoundImportsWholeAndThenIsUnchanged(_ format: ImportFormat) throws {
    let fixture = try StoreFixture()
    let file = Self.large(format, 2000)
    let first = try fixture.store.importBookmarks(file, options: ImportOptions())
    #expect(first.format == format)
    #expect(first.added == 2000)
    let second = try fixture.store.importBookmarks(file, options: ImportOptions())
    #expect(second.unchanged == 2000)
    #expect(second.commit == nil)
    let one = fixture.store.snapshot().bookmarks.first {
      $0.bookmark.url == "https://host12.example/page/1273"
    }
    #expect(one?.bookmark.title == "페이지 1273")
    #expect(one?.bookmark.tags == ["t\(1273 % 7)"])
  }
}
