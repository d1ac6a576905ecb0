// A large search is scored on every core in parts; the hits must be the ones, in the order,
// that scoring every bookmark on one thread gives.
import HolderCore
import HolderTestSupport
import Testing

@testable import HolderKit

@Suite struct SearchSplitTests {
  @Test func aSearchSplitOverThreadsFindsWhatOneThreadFinds() throws {
    let fixture = try StoreFixture()
    let words = ["swift", "서울", "tower", "notes", "café"]
    for number in 0..<60 {
      try fixture.add(
        "https://example.org/\(number)", title: words[number % 5] + " \(number)",
        tags: number % 3 == 0 ? ["dev"] : [])
    }
    let entries = fixture.store.bookmarkIndex().entries
    for text in ["s", "swift", "ㅅㅇ", "-tower", "tag:dev o", "nothing", ""] {
      let query = try QueryParser.parse(text)
      let alone = Matcher.search(query, in: entries)
      #expect(entries.hits(query, oneThreadBelow: 1) == alone, "\(text)")
      #expect(entries.hits(query) == alone, "\(text)")
    }
  }
}
