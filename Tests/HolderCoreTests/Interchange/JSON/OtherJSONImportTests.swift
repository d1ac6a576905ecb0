import HolderCore
import Testing

/// Other managers' JSON read as holder-git's own: their names for the note and the date.
@Suite struct OtherJSONImportTests {
  static func entries(_ results: [Result<ImportEntry, ImportSkipReason>]) -> [ImportEntry] {
    results.compactMap { try? $0.get() }
  }

  static func time(_ text: String) -> Timestamp? { Timestamp(rfc3339: text) }

  /// Delicious's JSON was read for its url, title and tags, and lost its description and
  /// its date without a word.
  @Test func deliciousKeepsItsDescriptionAndDate() throws {
    let entries = Self.entries(
      JSONImportReader.readJSON(try Fixtures.bytes("bookmarks/delicious.json"), file: "d.json"))
    #expect(entries.count == 4)
    #expect(entries[0].title == "Swift")
    #expect(entries[0].note == "The language's home.")
    #expect(entries[0].tags == ["swift", "programming"])
    #expect(entries[0].created == Self.time("2008-03-01T10:00:00Z"))
    #expect(entries[1].note == "한국 뉴스")
    #expect(entries[1].created == Self.time("2009-07-15T08:30:00Z"))
    // A date that cannot be read is said, not dropped silently.
    #expect(entries[2].created == nil)
    #expect(entries[2].warnings.first?.contains("sometime in 2010") == true)
    #expect(entries[3].note == "")
    #expect(entries[3].warnings == [])
  }

  @Test func otherManagersTagListsAndNumericDatesAreRead() throws {
    let text = """
      [{"url": "https://a.example/", "tags": "x, y", "created_at": 1700000000},
       {"url": "https://b.example/", "tags": "p q", "notes": "n"}]
      """
    let entries = Self.entries(JSONImportReader.readJSON(Array(text.utf8), file: "x.json"))
    #expect(entries[0].tags == ["x", "y"])
    #expect(entries[0].created == Timestamp(millisecondsSince1970: 1_700_000_000_000))
    #expect(entries[1].tags == ["p", "q"])
    #expect(entries[1].note == "n")
  }
}
