import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

/// Files that real exports showed to be hard (Shaarli, iCab, old Mac, Pocket, Markdown by
/// hand), imported into a store: what comes across, what is reported, and that a second
/// import of the same file changes nothing.
@Suite struct ImportQuirksTests {
  func fixture(_ name: String) throws -> [UInt8] { try StoreImportTests.fixture(name) }

  /// Imports `name` twice: the second import finds nothing to change and makes no commit.
  func importTwice(_ name: String, into fixture: StoreFixture) throws -> ImportReport {
    let first = try fixture.store.importBookmarks(
      try self.fixture(name), options: ImportOptions(sourceName: name))
    #expect(first.commit != nil)
    let second = try fixture.store.importBookmarks(try self.fixture(name), options: ImportOptions())
    #expect(second.added + second.merged == 0, "\(name)")
    #expect(second.unchanged == first.added, "\(name)")
    #expect(second.commit == nil, "\(name)")
    #expect(try fixture.subjects().count == 2)
    #expect(try fixture.status() == "")
    return first
  }

  func bookmark(_ fixture: StoreFixture, _ url: String) -> Bookmark? {
    fixture.store.snapshot().bookmarks.map(\.bookmark).first { $0.url == url }
  }

  @Test func shaarliNotesArriveAndTheRestIsReported() throws {
    let fixture = try StoreFixture()
    let report = try importTwice("shaarli.html", into: fixture)
    #expect(report.format == .netscape)
    #expect(report.added == 5)
    #expect(report.skippedByReason == ["invalid-url": 1, "duplicate": 1])
    let note = try #require(bookmark(fixture, "shaarli:?Z-mb0g"))
    #expect(note.title == "서울 여행 메모")
    #expect(note.tags.sorted() == ["note", "서울"])
    #expect(note.note.hasPrefix("경복궁은"))
    #expect(note.created == Timestamp(millisecondsSince1970: 1_700_001_000_000))
    #expect(bookmark(fixture, "shaarli:/shaare/Qa1_x9")?.tags.sorted() == ["note", "日本語"])
    let gnu = try #require(bookmark(fixture, "https://www.gnu.org/software/libc/manual/"))
    #expect(gnu.tags.sorted() == ["c", "gnu", "reference"])
    #expect(report.warnings.map(\.line) == [19])
    #expect(report.warnings.first?.url == "https://shaarli.readthedocs.io/")
    #expect(report.warnings.first?.message.hasPrefix("ADD_DATE \"soon\" is not a date") == true)
    #expect(fixture.store.snapshot().bookmarks.count == 5)
  }

  @Test func anICabFileLosesNoLink() throws {
    let fixture = try StoreFixture()
    let report = try importTwice("icab.html", into: fixture)
    #expect(report.added == 4)
    #expect(report.skipped.isEmpty)
    #expect(
      bookmark(fixture, "https://www.heise.de/")?.tags.sorted() == ["News", "german", "tech"])
  }

  @Test func anOldMacFileKeepsItsUmlauts() throws {
    let fixture = try StoreFixture()
    let report = try importTwice("x-mac-roman.html", into: fixture)
    #expect(report.added == 2)
    let titles = fixture.store.snapshot().bookmarks.map(\.bookmark.title).sorted()
    #expect(titles == ["Apple (France) — Café", "Käsespätzle – Wikipedia"])
  }

  @Test func pocketsExportGivesTagsTimesAndToRead() throws {
    let fixture = try StoreFixture()
    let report = try importTwice("pocket.html", into: fixture)
    #expect(report.format == .pocketHTML)
    #expect(report.added == 6)
    #expect(report.skippedByReason == ["duplicate": 1])
    let korean = try #require(bookmark(fixture, "https://ko.wikipedia.org/wiki/%ED%95%9C%EA%B8%80"))
    #expect(korean.tags.sorted() == ["toread", "언어", "한국어"])
    #expect(korean.title == "한글 - 위키백과")
    #expect(korean.created == Timestamp(millisecondsSince1970: 1_600_000_100_000))
    let html = try #require(bookmark(fixture, "https://www.w3.org/TR/html52/"))
    #expect(html.tags.sorted() == ["html", "standards"])
    let swift = try #require(bookmark(fixture, "https://developer.apple.com/swift/"))
    #expect(swift.tags.sorted() == ["apple", "read-twice", "swift", "toread"])
    #expect(swift.created == Timestamp(millisecondsSince1970: 1_500_000_200_000))
    #expect(
      report.warnings.map(\.message) == [
        "time_added is empty: the time of the import is used instead"
      ])
  }

  @Test func aHandWrittenMarkdownListImportsEveryLinkAndReportsTheRest() throws {
    let fixture = try StoreFixture()
    let report = try importTwice("hand-written.md", into: fixture)
    #expect(report.format == .markdown)
    #expect(report.added == 5)
    #expect(report.skippedByReason == ["unreadable": 2, "duplicate": 1])
    let swift = try #require(bookmark(fixture, "https://swift.org/"))
    #expect(swift.note == "언어")
    #expect(swift.tags == ["Languages"])
  }

  @Test func aLargePocketExportImportsOnceAndThenChangesNothing() throws {
    var text = "<!DOCTYPE html>\n<html><head><title>Pocket Export</title></head><body>\n"
    for (section, range) in [("Unread", 0..<3000), ("Read Archive", 3000..<5000)] {
      text += "<h1>\(section)</h1>\n<ul>\n"
      for number in range {
        text +=
          "<li><a href=\"https://host\(number % 89).example/읽기/\(number)\" "
          + "time_added=\"\(1_500_000_000 + number)\" tags=\"t\(number % 13),태그\(number % 5)\">"
          + "Page \(number) ページ</a></li>\n"
      }
      text += "</ul>\n"
    }
    let bytes = Array((text + "</body></html>\n").utf8)
    let fixture = try StoreFixture()
    let first = try fixture.store.importBookmarks(bytes, options: ImportOptions())
    #expect(first.format == .pocketHTML)
    #expect(first.added == 5000)
    #expect(first.skipped.isEmpty)
    let again = try fixture.store.importBookmarks(bytes, options: ImportOptions())
    #expect(again.unchanged == 5000)
    #expect(again.commit == nil)
    let toRead = fixture.store.snapshot().bookmarks.filter { $0.bookmark.tags.contains("toread") }
    #expect(toRead.count == 3000)
  }

  @Test func linkdingsExportKeepsTagsNotesToReadAndPrivate() throws {
    let fixture = try StoreFixture()
    let report = try importTwice("linkding.html", into: fixture)
    #expect(report.format == .netscape)
    #expect(report.added == 3)
    #expect(report.skippedByReason == ["duplicate": 1])
    let django = try #require(bookmark(fixture, "https://docs.djangoproject.com/ko/5.0/"))
    #expect(django.title == "장고 문서")
    #expect(django.tags.sorted() == ["docs", "python", "웹/장고"])
    #expect(django.note == "Django & 파이썬 문서")
    #expect(django.created.rfc3339 == "2023-11-14T22:13:20.000Z")
    let aozora = try #require(bookmark(fixture, "https://www.aozora.gr.jp/"))
    #expect(aozora.tags.sorted() == ["toread", "文学", "日本"])
    #expect(aozora.extra["private"] == .bool(true))
    #expect(aozora.note.isEmpty)
    let plain = try #require(bookmark(fixture, "https://example.org/untagged"))
    #expect(plain.tags.isEmpty)
    #expect(plain.extra["private"] == nil)
  }

  @Test func shiorisExportKeepsTagsAndDates() throws {
    let fixture = try StoreFixture()
    let report = try importTwice("shiori.html", into: fixture)
    #expect(report.added == 2)
    #expect(report.skippedByReason == ["duplicate": 1])
    let go = try #require(bookmark(fixture, "https://go.dev/doc/"))
    #expect(go.title == "Go 문서")
    #expect(go.tags.sorted() == ["go", "reference", "プログラミング"])
    #expect(go.created.rfc3339 == "2022-04-15T05:20:00.000Z")
  }
}
