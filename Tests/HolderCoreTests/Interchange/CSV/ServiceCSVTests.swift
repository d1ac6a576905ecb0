import HolderCore
import Testing

@Suite struct ServiceCSVTests {
  func entries(_ results: [Result<ImportEntry, ImportSkipReason>]) -> [ImportEntry] {
    results.compactMap { try? $0.get() }
  }

  func skipped(_ results: [Result<ImportEntry, ImportSkipReason>]) -> [String] {
    results.compactMap {
      if case .failure(let reason) = $0 { reason.description } else { nil }
    }
  }

  @Test func theHeaderRowTellsEachServiceApart() throws {
    #expect(ImportFormat.detect(try Fixtures.bytes("bookmarks/pocket.csv")) == .pocketCSV)
    #expect(ImportFormat.detect(try Fixtures.bytes("bookmarks/raindrop.csv")) == .raindropCSV)
    #expect(
      ImportFormat.detect(try Fixtures.bytes("bookmarks/instapaper.csv")) == .instapaperCSV)
    #expect(ImportFormat.detect(Array("name,address\nA,B\n".utf8)) == nil)
    #expect(ImportFormat.pocketCSV.rawValue == "pocket-csv")
    #expect(ImportFormat.raindropCSV.rawValue == "raindrop-csv")
    #expect(ImportFormat.instapaperCSV.rawValue == "instapaper-csv")
  }

  @Test func pocketGivesTitlesTimesTagsAndToreadForUnread() throws {
    let results = PocketCSVReader.read(try Fixtures.bytes("bookmarks/pocket.csv"))
    let all = entries(results)
    #expect(all.count == 9)
    let swift = try #require(all.first)
    #expect(swift.url == "https://www.swift.org/")
    #expect(swift.title == "Swift.org - Welcome")
    #expect(swift.tags == ["swift", "dev", "toread"])
    #expect(swift.created == Timestamp(millisecondsSince1970: 1_700_000_000_000))
    #expect(swift.line == 2)
    let korean = all[1]
    #expect(korean.title == "스위프트 언어 안내서")
    #expect(korean.tags == ["언어", "dev/swift"])
    #expect(all[2].title == "Rust, the \"book\"")
    #expect(all[2].tags.isEmpty)
    #expect(all[3].title == "")
    #expect(all[3].tags == ["toread"])
    #expect(all[4].tags == ["日本語", "言語"])
    let short = all[5]
    #expect(short.url == "https://example.org/short")
    #expect(short.created == nil && short.tags.isEmpty && short.warnings.isEmpty)
    let badDate = all[7]
    #expect(badDate.created == nil)
    #expect(
      badDate.warnings == ["the time added 'yesterday' is not a date; the import time is used"])
    #expect(skipped(results) == ["unreadable entry: line 10: a quoted field is never closed"])
    #expect(all.last?.url == "https://example.net/last")
  }

  @Test func raindropGivesFoldersTagsNotesMetadataDatesAndFavourites() throws {
    let all = entries(RaindropCSVReader.read(try Fixtures.bytes("bookmarks/raindrop.csv")))
    #expect(all.count == 6)
    let swift = all[0]
    #expect(swift.title == "Swift.org")
    #expect(swift.note == "My note")
    #expect(swift.tags == ["Dev/Swift", "swift", "language"])
    #expect(swift.metadata?.description == "Swift is a general-purpose language.")
    #expect(swift.metadata?.image == "https://www.swift.org/og.png")
    #expect(swift.created == Timestamp(rfc3339: "2023-05-10T12:34:56.789Z"))
    #expect(swift.favorite == true)
    let korean = all[1]
    #expect(korean.note == "여러 줄\n메모\n\nHighlight: 자유 백과사전")
    // Raindrop's own Unsorted is no folder of the user's.
    #expect(korean.tags == ["위키"])
    #expect(korean.favorite == false)
    #expect(korean.line == 3)
    #expect(all[2].tags == ["読み物", "日本", "百科"])
    #expect(all[2].metadata == nil)
    let bare = all[3]
    #expect(bare.created == nil && bare.favorite == nil && bare.tags.isEmpty && bare.note.isEmpty)
    #expect(bare.warnings.isEmpty)
    #expect(all[4].warnings.count == 2)
    #expect(all[4].warnings.allSatisfy { $0.contains("'not a date'") || $0.contains("'maybe'") })
  }

  @Test func raindropFoldersFollowTheFolderOptions() throws {
    let bytes = try Fixtures.bytes("bookmarks/raindrop.csv")
    let prefixed = entries(
      RaindropCSVReader.read(bytes, folders: FolderOptions(prefix: "raindrop")))
    #expect(prefixed[0].tags.first == "raindrop/Dev/Swift")
    let none = entries(RaindropCSVReader.read(bytes, folders: FolderOptions(foldersAsTags: false)))
    #expect(none[0].tags == ["swift", "language"])
  }

  @Test func instapaperFoldersBecomeToreadFavouriteOrATag() throws {
    let all = entries(InstapaperCSVReader.read(try Fixtures.bytes("bookmarks/instapaper.csv")))
    #expect(all.count == 6)
    #expect(all[0].tags == ["toread"])
    #expect(all[0].favorite == nil)
    #expect(all[0].created == Timestamp(millisecondsSince1970: 1_700_000_000_000))
    #expect(all[1].title == "한글 - 위키백과")
    #expect(all[1].note == "한글은 한국어의 고유 문자이다.")
    #expect(all[1].tags.isEmpty)
    #expect(all[2].favorite == true)
    #expect(all[2].tags.isEmpty)
    #expect(all[2].title == "仮名 - Wikipedia")
    #expect(all[3].tags == ["Recipes"])
    #expect(all[3].note == "A selection, with a comma\nand a second line")
    #expect(all[4].created == nil && all[4].warnings.isEmpty)
    #expect(all[5].line == 8)
  }

  @Test func aServiceFolderNamedLikeABrowsersOwnIsKept() {
    let raindrop = """
      id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite
      1,A,,,https://a.example/,Favorites/Reading List,,,,,
      """
    let instapaper = "URL,Title,Selection,Folder,Timestamp\nhttps://a.example/,A,,Bookmarks,\n"
    #expect(
      entries(RaindropCSVReader.read(Array(raindrop.utf8))).first?.tags == [
        "Favorites/Reading List"
      ])
    #expect(entries(InstapaperCSVReader.read(Array(instapaper.utf8))).first?.tags == ["Bookmarks"])
  }

  @Test func instapaperTagsColumnIsReadWhenThere() {
    let text = """
      URL,Title,Selection,Folder,Timestamp,Tags
      https://a.example/,A,,Archive,1700000000,"[""reading"",""논문""]"
      https://b.example/,B,,Archive,1700000000,"x, y"
      """
    let all = entries(InstapaperCSVReader.read(Array(text.utf8)))
    #expect(all.map(\.tags) == [["reading", "논문"], ["x", "y"]])
  }

  @Test func aForcedFormatWhoseColumnsAreMissingSaysWhichAndARecordTooLongIsNamed() {
    let wrong = PocketCSVReader.read(Array("name,address\nA,B\n".utf8))
    #expect(
      skipped(wrong) == [
        "unreadable entry: line 1: the header row has no 'url' column for the format pocket-csv"
      ])
    let long = entries(PocketCSVReader.read(Array("title,url\nA,https://a.example/,extra\n".utf8)))
    #expect(
      long.first?.warnings == [
        "the record has 3 fields where the header names 2: the last 1 were left out"
      ])
  }
}
