import HolderCore
import PropertyBased
import Testing

/// A page of a search orders only its best hits: the law is that they are exactly the first
/// ones of the whole order, whatever the hits, the sort and the page's size.
@Suite struct RankingBestTests {
  typealias F = SearchFixtures

  @Test func theBestAreTheFirstOfTheWholeOrder() async {
    let sorts: [SearchSort] = [.relevance, .modified, .created, .title]
    await propertyCheck(
      count: 300,
      input: Gen.int(in: 0...9).array(of: 0...80), Gen.int(in: 0...3), Gen.int(in: 0...90)
    ) { values, sortIndex, count in
      // Few distinct scores and times, so ties (broken by position) are common.
      let bookmarks = values.enumerated().map { position, value in
        F.bookmark(
          position + 1, url: "https://e\(position).org", title: ["b", "a", "c"][value % 3],
          created: Int64(value % 4), modified: Int64(value % 5))
      }
      let entries = F.entries(bookmarks)
      let hits = values.enumerated().map { SearchHit(index: $0, score: $1 % 3) }
      let sort = sorts[sortIndex]
      let whole = Ranking.sorted(hits, entries: entries, by: sort)
      #expect(
        Ranking.best(count, of: hits, entries: entries, by: sort) == Array(whole.prefix(count)))
    }
  }
}
