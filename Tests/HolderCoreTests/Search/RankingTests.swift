import HolderCore
import Testing

@Suite struct RankingTests {
  typealias F = SearchFixtures

  @Test func titleAboveTagURLNoteAndDescription() throws {
    let store = [
      F.bookmark(1, url: "https://a.org/x", title: "x", description: "kotlin", created: 5),
      F.bookmark(2, url: "https://b.org/x", title: "x", note: "kotlin", created: 4),
      F.bookmark(3, url: "https://kotlin.org/x", title: "x", created: 3),
      F.bookmark(4, url: "https://d.org/x", title: "x", tags: ["kotlin"], created: 2),
      F.bookmark(5, url: "https://e.org/x", title: "Kotlin", created: 1),
    ]
    let query = try QueryParser.parse("kotlin")
    let entries = F.entries(store)
    let order = Ranking.sorted(Matcher.search(query, in: entries), entries: entries, by: .relevance)
    #expect(order.map(\.index) == [4, 3, 2, 1, 0])
  }

  @Test func wordStartAboveMidWord() throws {
    let store = [
      F.bookmark(1, url: "https://a.org", title: "Learning Kotlin", created: 9),
      F.bookmark(2, url: "https://b.org", title: "Unlearning habits", created: 1),
      F.bookmark(3, url: "https://c.org", title: "대한국인", created: 9),
      F.bookmark(4, url: "https://d.org", title: "한국 여행", created: 1),
    ]
    #expect(try F.titles("learning", in: store) == ["Learning Kotlin", "Unlearning habits"])
    #expect(try F.titles("한국", in: store) == ["한국 여행", "대한국인"])
  }

  @Test func newerAboveOlderWhenEqual() throws {
    let store = [
      F.bookmark(1, url: "https://a.org", title: "Swift news", created: 1, modified: 1),
      F.bookmark(2, url: "https://b.org", title: "Swift blog", created: 1, modified: 3),
      F.bookmark(3, url: "https://c.org", title: "Swift book", created: 2, modified: 2),
    ]
    #expect(try F.titles("swift", in: store) == ["Swift blog", "Swift book", "Swift news"])
  }

  @Test func sortOverridesRelevance() throws {
    let store = [
      F.bookmark(1, url: "https://a.org", title: "Écoles", note: "swift", created: 3, modified: 4),
      F.bookmark(2, url: "https://b.org", title: "zebra swift", created: 2, modified: 5),
      F.bookmark(3, url: "https://c.org", title: "apple swift", created: 1, modified: 6),
    ]
    #expect(
      try F.titles("swift", in: store, sort: .modified) == ["apple swift", "zebra swift", "Écoles"])
    #expect(
      try F.titles("swift", in: store, sort: .created) == ["Écoles", "zebra swift", "apple swift"])
    #expect(
      try F.titles("swift", in: store, sort: .title) == ["apple swift", "Écoles", "zebra swift"])
  }
}
