import HolderCore
import Testing

@Suite struct FirefoxPlacesTests {
  typealias Row = FirefoxPlaces.Row

  /// Firefox's root and built-in folders, as every profile has them.
  static let roots: [Row] = [
    Row(id: 1, type: 2, parent: 0, title: "", guid: "root________"),
    Row(id: 2, type: 2, parent: 1, title: "menu", guid: "menu________"),
    Row(id: 3, type: 2, parent: 1, title: "toolbar", guid: "toolbar_____"),
    Row(id: 4, type: 2, parent: 1, title: "tags", guid: "tags________"),
    Row(id: 5, type: 2, parent: 1, title: "unfiled", guid: "unfiled_____"),
    Row(id: 6, type: 2, parent: 1, title: "mobile", guid: "mobile______"),
  ]

  static let swift = "https://swift.org/"
  static let tokyo = "https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC"

  static let rows: [Row] =
    roots + [
      Row(id: 10, type: 2, parent: 3, title: "개발"),
      Row(id: 11, type: 2, parent: 10, title: "言語"),
      Row(
        id: 20, type: 1, parent: 11, title: "Swift 언어", url: swift, pageTitle: "Swift.org",
        dateAdded: 1_700_000_000_000_000, lastModified: 1_700_000_100_000_000, keyword: "sw"),
      Row(id: 21, type: 1, parent: 2, title: "모질라", url: "https://www.mozilla.org/ko/"),
      Row(id: 25, type: 3, parent: 2),
      Row(id: 22, type: 1, parent: 5, title: "東京", url: tokyo, dateAdded: 1_650_000_000_000_000),
      Row(id: 24, type: 1, parent: 6, title: nil, url: swift, pageTitle: "Swift.org"),
      Row(id: 30, type: 2, parent: 4, title: "프로그래밍"),
      Row(id: 31, type: 2, parent: 4, title: "日本"),
      Row(id: 32, type: 1, parent: 30, url: swift),
      Row(id: 33, type: 1, parent: 31, url: tokyo),
      Row(id: 34, type: 1, parent: 30, url: tokyo),
    ]

  func entries(_ rows: [Row] = rows) -> [ImportEntry] {
    FirefoxPlaces.items(rows).map { FirefoxPlaces.entry($0, options: FolderOptions()) }
  }

  @Test func foldersUnderTheBuiltInRootsBecomeTagsAndTheRootsAreLeftOut() {
    let byLine = Dictionary(uniqueKeysWithValues: entries().map { ($0.line, $0) })
    #expect(byLine[20]?.tags.first == "개발/言語")
    #expect(byLine[21]?.tags == [])
    #expect(byLine[21]?.title == "모질라")
  }

  @Test func theTagsRootGivesTagsAndItsRowsAreNoBookmarks() {
    let all = entries()
    // Bookmarks 20, 21, 22 and 24, in the tree's order (menu, toolbar, other, mobile): the
    // separator and the rows of tag folders are no bookmarks.
    #expect(all.map(\.line) == [21, 20, 22, 24])
    let byLine = Dictionary(uniqueKeysWithValues: all.map { ($0.line, $0) })
    #expect(byLine[20]?.tags == ["개발/言語", "프로그래밍"])
    #expect(byLine[22]?.tags == ["프로그래밍", "日本"])
    // The same page bookmarked again, in the mobile folder: its tags, no folder.
    #expect(byLine[24]?.tags == ["프로그래밍"])
  }

  @Test func datesAreReadFromMicrosecondsAndTheKeywordIsKept() {
    let swift = entries().first { $0.line == 20 }
    #expect(swift?.created?.rfc3339 == "2023-11-14T22:13:20.000Z")
    #expect(swift?.lastModified?.rfc3339 == "2023-11-14T22:15:00.000Z")
    #expect(swift?.extra["keyword"] == .string("sw"))
    #expect(entries().first { $0.line == 21 }?.created == nil)
  }

  @Test func anUntitledBookmarkTakesItsPageTitle() {
    #expect(entries().first { $0.line == 24 }?.title == "Swift.org")
    #expect(entries().first { $0.line == 20 }?.title == "Swift 언어")
  }

  @Test func aRowOutsideTheTreeOrInALoopIsStillReadWithoutFolders() {
    let rows =
      Self.roots + [
        Row(id: 50, type: 2, parent: 51, title: "a"),
        Row(id: 51, type: 2, parent: 50, title: "b"),
        Row(id: 52, type: 1, parent: 50, title: "looped", url: "https://loop.example/"),
        Row(id: 53, type: 1, parent: 99, title: "orphan", url: "https://orphan.example/"),
      ]
    let all = entries(rows)
    #expect(Set(all.map(\.url)) == ["https://loop.example/", "https://orphan.example/"])
    #expect(all.allSatisfy { $0.tags.isEmpty })
  }

  @Test func anSQLiteFileIsDetectedAsPlaces() {
    #expect(
      ImportFormat.detect(Array("SQLite format 3\0".utf8) + [0x10, 0x00]) == .firefoxPlaces)
    #expect(ImportFormat(rawValue: "firefox-places") == .firefoxPlaces)
    #expect(ImportFormat.detect(Array("SQLite format 2".utf8)) == nil)
  }

  @Test func anyTreeWithoutTagsGivesEachBookmarkRowOnceWhateverItsParents() {
    // Parents drawn at random among the rows and a few missing ids: loops, orphans, rows
    // under bookmarks. Every bookmark row must come out once, and the reading must end.
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let count = Int.random(in: 1...40, using: &generator)
      let rows = (1...count).map { id in
        Row(
          id: Int64(id), type: Int64.random(in: 1...3, using: &generator),
          parent: Int64.random(in: 0...(Int64(count) + 3), using: &generator),
          title: "f\(id)", url: "https://example.com/\(id)")
      }
      let items = FirefoxPlaces.items(rows)
      #expect(items.map(\.line).sorted() == rows.filter { $0.type == 1 }.map { Int($0.id) })
    }
  }
}
