import HolderCore
import Testing

/// What each field of Pinboard's, buku's and Omnivore's JSON becomes.
@Suite struct ServiceJSONReaderTests {
  static func entries(_ results: [Result<ImportEntry, ImportSkipReason>]) -> [ImportEntry] {
    results.compactMap { try? $0.get() }
  }

  static func time(_ text: String) -> Timestamp? { Timestamp(rfc3339: text) }

  @Test func pinboardFieldsBecomeTitleNoteTagsToreadAndPrivate() throws {
    let results = PinboardJSONReader.read(
      try Fixtures.bytes("bookmarks/pinboard.json"), file: "pinboard.json")
    let entries = Self.entries(results)
    #expect(entries.count == 5)
    let swift = entries[0]
    #expect(swift.url == "https://www.swift.org/")
    #expect(swift.title == "Swift")
    #expect(swift.note == "The language's home.\nDocs and downloads.")
    #expect(swift.tags == ["swift", "programming"])
    #expect(swift.created == Self.time("2023-11-14T22:13:20Z"))
    #expect(swift.extra == [:])
    let naver = entries[1]
    #expect(naver.title == "네이버 뉴스")
    #expect(naver.tags == ["뉴스", "korea", "toread"])
    #expect(naver.extra == ["private": .bool(true)])
    #expect(entries[2].tags == ["日本", "文学"])
    #expect(entries[2].note == "著作権の切れた作品")
    let bare = entries[3]
    #expect(bare.title == "")
    #expect(bare.tags == [])
    #expect(bare.created == nil)
    #expect(bare.warnings.count == 1)
    #expect(bare.warnings.first?.contains("yesterday") == true)
  }

  @Test func bukuFieldsBecomeTitleNoteAndTagsWithoutTheCommasAtTheEnds() throws {
    let entries = Self.entries(
      BukuJSONReader.read(try Fixtures.bytes("bookmarks/buku.json"), file: "buku.json"))
    #expect(entries.count == 5)
    #expect(entries[0].url == "https://www.swift.org/")
    #expect(entries[0].title == "Swift")
    #expect(entries[0].note == "The language's home.")
    #expect(entries[0].tags == ["programming", "swift"])
    #expect(entries[1].title == "네이버 뉴스")
    #expect(entries[1].tags == ["korea", "뉴스"])
    #expect(entries[2].tags == ["日本"])
    #expect(entries[3].tags == [])
    #expect(entries.allSatisfy { $0.created == nil })
  }

  @Test func omnivoreFieldsBecomeTitleTagsToreadDatesAndPageDescription() throws {
    let entries = Self.entries(
      OmnivoreJSONReader.read(
        try Fixtures.bytes("bookmarks/omnivore-metadata_0.json"), file: "metadata_0.json"))
    #expect(entries.count == 4)
    let swift = entries[0]
    #expect(swift.url == "https://www.swift.org/")
    #expect(swift.title == "Swift.org - Welcome to Swift.org")
    // Archived: read, so not `toread`.
    #expect(swift.tags == ["programming", "swift"])
    #expect(swift.created == Self.time("2023-11-14T22:13:20Z"))
    #expect(swift.lastModified == Self.time("2023-11-20T08:00:00Z"))
    #expect(swift.note == "")
    #expect(swift.metadata?.description == "Swift is a general-purpose programming language.")
    #expect(swift.metadata?.extra["author"] == .string("Swift.org"))
    #expect(swift.metadata?.extra["published"] == .string("2023-01-02T00:00:00.000Z"))
    let naver = entries[1]
    #expect(naver.title == "네이버 뉴스")
    #expect(naver.tags == ["뉴스", "toread"])
    #expect(naver.metadata == nil)
    let aozora = entries[2]
    #expect(aozora.tags == ["toread"])
    #expect(aozora.metadata?.description == "著作権の切れた作品を公開しているサイト")
    #expect(aozora.warnings.first?.contains("someday") == true)
  }

  @Test func aRecordWithoutItsURLIsReportedAndTheOthersRead() {
    let text = "[{\"description\": \"no link\"}, 3, {\"href\": \"https://a.example/\"}]"
    let results = PinboardJSONReader.read(Array(text.utf8), file: "p.json")
    #expect(results.count == 3)
    guard case .failure(.unreadable(let reason)) = results[0],
      case .failure(.unreadable(let second)) = results[1]
    else {
      Issue.record("expected two unreadable records")
      return
    }
    #expect(reason.contains("href"))
    #expect(second.contains("record 2"))
    #expect((try? results[2].get())?.url == "https://a.example/")
  }
}
