import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreRecentSearchesTests {
  @Test func mostRecentFirstWithoutRepeatsTwentyKept() throws {
    let fixture = try StoreFixture()
    #expect(fixture.store.recentSearches().isEmpty)
    for number in 1...25 { fixture.store.rememberSearch("query \(number)") }
    fixture.store.rememberSearch("query 10")
    fixture.store.rememberSearch("  스위프트\n입문 ")
    let recent = fixture.store.recentSearches()
    #expect(recent.count == 20)
    #expect(Array(recent.prefix(3)) == ["스위프트 입문", "query 10", "query 25"])
    #expect(recent.filter { $0 == "query 10" }.count == 1)
    fixture.store.clearRecentSearches()
    #expect(fixture.store.recentSearches().isEmpty)
  }
}
