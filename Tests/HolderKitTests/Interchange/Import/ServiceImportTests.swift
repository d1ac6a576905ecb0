import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

/// The services' CSV exports and XBEL, imported into a real store.
@Suite struct ServiceImportTests {
  static func fixture(_ name: String) throws -> [UInt8] {
    try StoreImportTests.fixture(name)
  }

  func bookmark(_ store: Store, _ url: String) -> Bookmark? {
    store.snapshot().bookmarks.map(\.bookmark).first { $0.url == url }
  }

  /// Imports `file` twice: the second import must change nothing and make no commit.
  func importTwice(_ file: [UInt8], format: ImportFormat) throws -> (StoreFixture, ImportReport) {
    let fixture = try StoreFixture()
    let first = try fixture.store.importBookmarks(file, options: ImportOptions())
    #expect(first.format == format)
    #expect(first.commit != nil)
    let again = try fixture.store.importBookmarks(file, options: ImportOptions())
    #expect(again.added + again.merged == 0, "\(format)")
    #expect(again.unchanged == first.added)
    #expect(again.commit == nil)
    try fixture.fsck()
    #expect(try fixture.status() == "")
    return (fixture, first)
  }

  @Test func pocketExportImportsOnceWithToreadAndItsSkipsNamed() throws {
    let (fixture, report) = try importTwice(try Self.fixture("pocket.csv"), format: .pocketCSV)
    #expect(report.added == 8)
    #expect(report.skippedByReason == ["duplicate": 1, "unreadable": 1])
    let swift = try #require(bookmark(fixture.store, "https://www.swift.org/"))
    #expect(Set(swift.tags) == ["swift", "dev", "toread", "news"])
    #expect(swift.title == "Swift.org - Welcome")
    #expect(swift.created == Timestamp(millisecondsSince1970: 1_700_000_000_000))
    let untitled = try #require(bookmark(fixture.store, "https://example.com/no-title"))
    #expect(!untitled.title.isEmpty)
  }

  @Test func raindropExportImportsOnceWithFoldersFavouritesAndMetadata() throws {
    let (fixture, report) = try importTwice(
      try Self.fixture("raindrop.csv"), format: .raindropCSV)
    #expect(report.added == 5)
    #expect(report.skippedByReason == ["duplicate": 1])
    let swift = try #require(bookmark(fixture.store, "https://www.swift.org/"))
    #expect(swift.favorite)
    #expect(Set(swift.tags) == ["Dev/Swift", "swift", "language", "Later"])
    #expect(swift.metadata?.image == "https://www.swift.org/og.png")
    #expect(swift.note == "My note")
    let korean = try #require(bookmark(fixture.store, "https://ko.wikipedia.org/"))
    #expect(korean.title == "한국어 위키백과")
    #expect(!korean.favorite)
  }

  @Test func instapaperExportImportsOnceWithFoldersAsToreadFavouriteAndTags() throws {
    let (fixture, report) = try importTwice(
      try Self.fixture("instapaper.csv"), format: .instapaperCSV)
    #expect(report.added == 5)
    #expect(report.skippedByReason == ["duplicate": 1])
    let kana = try #require(
      fixture.store.snapshot().bookmarks.map(\.bookmark).first { $0.title == "仮名 - Wikipedia" })
    #expect(kana.favorite)
    let custom = try #require(bookmark(fixture.store, "https://example.com/custom"))
    #expect(custom.tags == ["Recipes"])
    #expect(custom.note == "A selection, with a comma\nand a second line")
  }

  @Test func xbelFileImportsOnceWithFolderTags() throws {
    let (fixture, report) = try importTwice(try Self.fixture("floccus.xbel"), format: .xbel)
    #expect(report.added == 5)
    #expect(report.skippedByReason == ["duplicate": 1])
    let swift = try #require(bookmark(fixture.store, "https://www.swift.org/"))
    #expect(swift.note == "The Swift language & its tools")
    #expect(swift.tags.isEmpty)
    #expect(swift.created == Timestamp(rfc3339: "2023-05-10T12:34:56Z"))
    let japanese = try #require(bookmark(fixture.store, "https://ja.wikipedia.org/"))
    #expect(japanese.tags == ["개발/日本語"])
  }

  @Test func aBrokenXBELFileImportsWhatCameBeforeAndSaysWhere() throws {
    let fixture = try StoreFixture()
    let text = """
      <?xml version="1.0"?>
      <xbel version="1.0">
        <bookmark href="https://a.example/"><title>A</title></bookmark>
        <bookmark href="https://b.example/"><title>B</title>
      """
    let report = try fixture.store.importBookmarks(Array(text.utf8), options: ImportOptions())
    #expect(report.added == 1)
    #expect(report.skippedByReason == ["unreadable": 1])
  }

  @Test func xbelExportImportsBackIntoTheSameStoreChangingNothing() throws {
    var bookmarks = ExportSample.bookmarks
    let time = Timestamp(millisecondsSince1970: 1_763_716_443_120)
    bookmarks.append(
      Bookmark(
        id: BookmarkID("00000000-0000-4000-8000-000000000009")!,
        url: "https://example.org/?a=1&b=%3C2%3E",
        title: "Ampersands & <angles> \"quoted\" 한국어 日本語", note: "two\nlines & more",
        tags: ["dev/swift", "日本語"], favorite: true, created: time, lastModified: time))
    // The store holds them exactly (through holder-git's own JSON).
    let fixture = try StoreFixture()
    let json = BookmarkExporter(format: .json).bytes(bookmarks.map(ExportEntry.init))
    #expect(try fixture.store.importBookmarks(json, options: ImportOptions()).added == 5)
    let stored = fixture.store.snapshot().bookmarks.map(\.bookmark)
    let xbel = BookmarkExporter(format: .xbel).bytes(stored.map(ExportEntry.init))
    let back = try fixture.store.importBookmarks(xbel, options: ImportOptions())
    #expect(back.format == .xbel)
    // libxml2 read it whole: the only skips are a bookmark's places under its other tags.
    #expect(back.skippedByReason.keys.allSatisfy { $0 == "duplicate" }, "\(back.skipped)")
    #expect(back.added + back.merged == 0, "\(back.skipped)")
    #expect(back.commit == nil)
    #expect(fixture.store.snapshot().bookmarks.map(\.bookmark) == stored)
    // Into an empty store: URL, title, note, tags and times come across as they were.
    let empty = try StoreFixture()
    let fresh = try empty.store.importBookmarks(xbel, options: ImportOptions())
    #expect(fresh.added == 5, "\(fresh.skipped)")
    let last = try #require(stored.first { $0.id == bookmarks.last?.id })
    let sample = try #require(bookmark(empty.store, last.url))
    #expect(sample.title == last.title)
    #expect(sample.note == last.note)
    #expect(Set(sample.tags) == ["dev/swift", "日本語"])
    #expect(sample.created == time && sample.lastModified == time)
  }

  /// A large file of each CSV format: one commit, then nothing to do.
  @Test(arguments: [ImportFormat.pocketCSV, .raindropCSV, .instapaperCSV])
  func aLargeFileImportsOnceAndThenIsUnchanged(format: ImportFormat) throws {
    var lines: [String]
    switch format {
    case .pocketCSV: lines = ["title,url,time_added,tags,status"]
    case .raindropCSV:
      lines = ["id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite"]
    default: lines = ["URL,Title,Selection,Folder,Timestamp"]
    }
    for number in 0..<5000 {
      let url = "https://host\(number % 97).example/page/\(number)"
      switch format {
      case .pocketCSV:
        lines.append(
          "\"Page \(number), 제목\",\(url),\(1_600_000_000 + number),t\(number % 7)|쪽,unread")
      case .raindropCSV:
        lines.append(
          "\(number),ページ \(number),\"note \(number)\",,\(url),Folder \(number % 10),\"t\(number % 7)\",2020-09-13T12:26:40Z,,,\(number % 2 == 0)"
        )
      default:
        lines.append("\(url),Page \(number),,Folder \(number % 10),\(1_600_000_000 + number)")
      }
    }
    let file = Array(lines.joined(separator: "\r\n").utf8)
    let (_, report) = try importTwice(file, format: format)
    #expect(report.added == 5000)
  }

  /// A large XBEL file (5,000 bookmarks in nested Korean and Japanese folders, a note on
  /// every third): one commit, then nothing to do.
  @Test func aLargeXBELFileImportsOnceAndThenIsUnchanged() throws {
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xbel version=\"1.0\">\n"
    for folder in 0..<10 {
      text += "<folder><title>폴더 \(folder)</title><folder><title>内側</title>\n"
      for number in stride(from: folder, to: 5000, by: 10) {
        text +=
          "<bookmark href=\"https://host\(number % 97).example/page/\(number)\" "
          + "added=\"2020-09-13T12:26:40Z\"><title>쪽 \(number) &amp; more</title>"
        if number % 3 == 0 { text += "<desc>note \(number)</desc>" }
        text += "</bookmark>\n"
      }
      text += "</folder></folder>\n"
    }
    let (fixture, report) = try importTwice(Array((text + "</xbel>\n").utf8), format: .xbel)
    #expect(report.added == 5000)
    let one = try #require(bookmark(fixture.store, "https://host3.example/page/3"))
    #expect(one.tags == ["폴더 3/内側"])
    #expect(one.title == "쪽 3 & more")
    #expect(one.note == "note 3")
  }
}
