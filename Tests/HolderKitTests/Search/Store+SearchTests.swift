import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreSearchTests {
  @Test func findsRanksLimitsAndRemembers() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://swift.org/blog", title: "Swift blog", tags: ["dev/swift"])
    try fixture.add("https://example.kr/swift", title: "스위프트 입문", note: "swift 강좌")
    try fixture.add("https://example.org/kotlin", title: "Kotlin")
    let query = try QueryParser.parse("swift")
    let outcome = fixture.store.search(query, limit: 1, remembering: "swift")
    #expect(outcome.total == 2)
    #expect(outcome.bookmarks.map(\.bookmark.title) == ["Swift blog"])
    #expect(fixture.store.recentSearches() == ["swift"])
    let korean = fixture.store.search(try QueryParser.parse("ㅅㅇㅍㅌ"), remembering: "ㅅㅇㅍㅌ")
    #expect(korean.bookmarks.map(\.bookmark.title) == ["스위프트 입문"])
    let none = fixture.store.search(try QueryParser.parse("nothing"), remembering: "nothing")
    #expect(none.bookmarks.isEmpty)
    #expect(fixture.store.recentSearches() == ["ㅅㅇㅍㅌ", "swift"])
  }
}
