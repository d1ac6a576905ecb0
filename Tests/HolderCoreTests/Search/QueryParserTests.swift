import HolderCore
import Testing

@Suite struct QueryParserTests {
  @Test func wordsAndPhrases() throws {
    let query = try QueryParser.parse(#"swift "result builders"  한국"#)
    #expect(query.terms.map(\.text) == ["swift", "result builders", "한국"])
    #expect(query.terms.allSatisfy { !$0.excluded })
    #expect(query.filters.isEmpty)
  }

  @Test func exclusions() throws {
    let query = try QueryParser.parse(#"swift -objc -"old news""#)
    #expect(query.terms.map(\.text) == ["swift", "objc", "old news"])
    #expect(query.terms.map(\.excluded) == [false, true, true])
  }

  @Test func filters() throws {
    let query = try QueryParser.parse(
      "tag:dev/swift fav:yes site:https://www.GitHub.com/x before:2026-02-01 after:2025 "
        + "-tag:old")
    #expect(
      query.filters == [
        .tag("dev/swift"), .favorite(true), .site("github.com"),
        .createdBefore(Timestamp(millisecondsSince1970: 1_769_904_000_000)),
        .createdAfter(Timestamp(millisecondsSince1970: 1_735_689_600_000)),
        .not(.tag("old")),
      ])
    #expect(query.terms.isEmpty)
    #expect(query.hasNoWords)
  }

  @Test func quotedFilterValues() throws {
    #expect(try QueryParser.parse(#"tag:"my reading""#).filters == [.tag("my reading")])
  }

  @Test func unknownKeysAreWords() throws {
    let query = try QueryParser.parse("https://example.org note:x")
    #expect(query.terms.map(\.text) == ["https://example.org", "note:x"])
  }

  @Test func initialConsonantTerms() throws {
    let query = try QueryParser.parse("ㅅㅇㅌ swift")
    #expect(query.terms.first?.initials == [0x3145, 0x3147, 0x314C])
    #expect(query.terms.last?.initials == nil)
  }

  @Test(arguments: [
    ("before:2026-13-01", SearchQueryError.invalidDate(filter: "before", value: "2026-13-01")),
    ("after:yesterday", .invalidDate(filter: "after", value: "yesterday")),
    ("after:2026-02-30", .invalidDate(filter: "after", value: "2026-02-30")),
    ("fav:maybe", .invalidFavorite(value: "maybe")),
    ("tag:", .emptyFilter(filter: "tag")),
    (#""open phrase"#, .unterminatedQuote),
  ])
  func refusesBadQueries(text: String, error: SearchQueryError) {
    #expect(throws: error) { try QueryParser.parse(text) }
    #expect(error.errorDescription?.contains(";") == true)
  }
}
