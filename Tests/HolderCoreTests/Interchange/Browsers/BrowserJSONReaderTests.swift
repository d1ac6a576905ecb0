import HolderCore
import Testing

/// What each field of Chrome's `Bookmarks` and Firefox's JSON backup becomes.
@Suite struct BrowserJSONReaderTests {
  /// 2023-11-14T22:13:20Z plus `seconds`.
  static func time(_ seconds: Int64) -> Timestamp {
    Timestamp(millisecondsSince1970: (1_700_000_000 + seconds) * 1000)
  }

  static func entries(_ results: [Result<ImportEntry, ImportSkipReason>]) -> [ImportEntry] {
    results.compactMap { try? $0.get() }
  }

  @Test func chromeFoldersBecomeTagsWithoutTheRootsAndDatesAreRead() throws {
    let results = ChromeBookmarksReader.read(
      try Fixtures.bytes("bookmarks/chrome-Bookmarks.json"), file: "Bookmarks",
      options: FolderOptions())
    let entries = Self.entries(results)
    #expect(
      entries.map(\.url) == [
        "https://www.swift.org/", "https://news.naver.com/", "https://tenki.jp/forecast/3/16/",
        "https://www.swift.org/", "https://example.org/no-name-no-date", "chrome://settings/",
        "https://developer.mozilla.org/en-US/",
      ])
    #expect(results.count == entries.count)
    let swift = try #require(entries.first)
    #expect(swift.title == "Swift")
    #expect(swift.tags == [])
    #expect(swift.created == Self.time(0))
    let naver = try #require(entries.first { $0.url == "https://news.naver.com/" })
    #expect(naver.title == "네이버 뉴스")
    #expect(naver.tags == ["뉴스"])
    #expect(naver.created == Self.time(60))
    let tenki = try #require(entries.first { $0.url.hasPrefix("https://tenki.jp") })
    #expect(tenki.title == "東京の天気")
    #expect(tenki.tags == ["뉴스/日本"])
    let bare = try #require(entries.first { $0.url.hasSuffix("no-name-no-date") })
    #expect(bare.title == "")
    #expect(bare.created == nil)
    #expect(bare.warnings == [])
    // An unreadable date is left out with a word, not replaced silently.
    let mobile = try #require(entries.first { $0.url.hasPrefix("https://developer.mozilla") })
    #expect(mobile.created == nil)
    #expect(mobile.tags == [])
    #expect(mobile.warnings.count == 1)
    #expect(mobile.warnings.first?.contains("not a date") == true)
  }

  @Test func chromeFolderOptionsApply() throws {
    let bytes = try Fixtures.bytes("bookmarks/chrome-Bookmarks.json")
    let prefixed = Self.entries(
      ChromeBookmarksReader.read(bytes, file: "B", options: FolderOptions(prefix: "chrome")))
    #expect(prefixed.first { $0.url.hasPrefix("https://tenki.jp") }?.tags == ["chrome/뉴스/日本"])
    let none = Self.entries(
      ChromeBookmarksReader.read(bytes, file: "B", options: FolderOptions(foldersAsTags: false)))
    #expect(none.allSatisfy { $0.tags.isEmpty })
  }

  @Test func chromeFileThatIsNotOneIsOneUnreadableRecord() {
    let results = ChromeBookmarksReader.read(
      Array("{\"a\": 1}".utf8), file: "B", options: FolderOptions())
    #expect(results.count == 1)
    guard case .failure(.unreadable(let reason)) = results.first else {
      Issue.record("expected an unreadable record")
      return
    }
    #expect(reason.contains("roots"))
  }

  @Test func firefoxBackupFieldsBecomeTitleTagsNoteDatesAndKeyword() throws {
    let results = FirefoxJSONReader.read(
      try Fixtures.bytes("bookmarks/firefox-backup.json"), file: "bookmarks.json",
      options: FolderOptions())
    let entries = Self.entries(results)
    // Seven bookmarks; the separator, the folders and the tags root's copy are none.
    #expect(results.count == 7)
    #expect(entries.count == 7)
    let swift = try #require(entries.first)
    #expect(swift.url == "https://www.swift.org/")
    #expect(swift.title == "Swift")
    #expect(swift.tags == ["lang", "apple"])
    #expect(swift.created == Self.time(0))
    #expect(swift.lastModified == Self.time(100))
    #expect(swift.extra == ["keyword": .string("sw")])
    let wiki = try #require(entries.first { $0.url.hasPrefix("https://ko.wikipedia") })
    #expect(wiki.title == "위키백과")
    #expect(wiki.tags == ["한국어 자료", "백과사전"])
    let aozora = try #require(entries.first { $0.url == "https://www.aozora.gr.jp/" })
    #expect(aozora.note == "著作権の切れた作品を公開しているサイト")
    #expect(aozora.tags == ["한국어 자료"])
    #expect(entries.contains { $0.url.hasPrefix("place:") })
    let toolbar = try #require(entries.first { $0.title == "MDN Web Docs" })
    #expect(toolbar.tags == ["web"])
    let untitled = try #require(entries.last)
    #expect(untitled.url == "https://example.org/untitled")
    #expect(untitled.title == "")
    #expect(untitled.tags == [])
    #expect(untitled.created == nil)
    // The swift.org of the toolbar is there too; the tags root's copy is not.
    #expect(
      entries.filter { $0.url == "https://www.swift.org/" }.map(\.title) == ["Swift", "Swift.org"])
  }

  @Test func mozLz4HeaderIsReadAndAnotherFileIsNot() throws {
    let bytes = try Fixtures.bytes("bookmarks/firefox-backup.jsonlz4")
    let json = try Fixtures.bytes("bookmarks/firefox-backup.json")
    let split = try #require(MozLz4.split(bytes))
    #expect(split.size == json.count)
    #expect(split.block.count == bytes.count - 12)
    #expect(MozLz4.split(json) == nil)
    #expect(MozLz4.split(Array(bytes.prefix(10))) == nil)
  }
}
