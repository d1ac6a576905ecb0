import HolderCore
import HolderCoreTestSupport
import PropertyBased
import Testing

@Suite struct BookmarkUnionTests {
  /// Law: merging loses nothing a user wrote: every tag, every note's text, the earliest
  /// creation time, a favourite; and the merge is newer than every part, but for a part
  /// stamped beyond what any clock should write (`aheadLimit`), which it never follows.
  @Test func mergingLosesNothingAUserWrote() async {
    await propertyCheck(count: 300, input: Gen.bookmark.array(of: 1...4)) { bookmarks in
      let now = Timestamp(millisecondsSince1970: 0)
      let merged = BookmarkUnion.merged(bookmarks, now: now)
      let tagKeys = Set(merged.tags.map(Bookmark.tagKey))
      for bookmark in bookmarks {
        #expect(bookmark.tags.allSatisfy { tagKeys.contains(Bookmark.tagKey($0)) })
        #expect(bookmark.note.isEmpty || merged.note.contains(bookmark.note))
        #expect(
          merged.lastModified > bookmark.lastModified
            || (bookmark.lastModified >= now.aheadLimit && merged.lastModified == now.aheadLimit))
      }
      #expect(merged.created == bookmarks.map(\.created).min())
      #expect(merged.favorite == bookmarks.contains(where: \.favorite))
      #expect(bookmarks.contains { $0.id == merged.id && $0.url == merged.url })
    }
  }

  @Test func theSurvivorKeepsItsURLAndTitleAndTheEarliestCreationTime() throws {
    let early = Timestamp(millisecondsSince1970: 1000)
    let late = Timestamp(millisecondsSince1970: 2000)
    let first = Bookmark(
      id: try #require(BookmarkID("00000000-0000-4000-8000-000000000001")),
      url: "https://example.org/swift", title: "Swift", note: "first", tags: ["a"],
      created: early, lastModified: early)
    let second = Bookmark(
      id: try #require(BookmarkID("00000000-0000-4000-8000-000000000002")),
      url: "http://www.example.org/swift/", title: "Swift (www)", note: "second",
      tags: ["b"], favorite: true, created: late, lastModified: late)
    let merged = BookmarkUnion.merged([second, first], survivor: second.id, now: late)
    #expect(merged.id == second.id)
    #expect(merged.url == second.url)
    #expect(merged.title == "Swift (www)")
    #expect(merged.created == early)
    #expect(merged.tags == ["a", "b"])
    #expect(merged.note == "first\n\nsecond")
    #expect(merged.favorite)
    #expect(merged.lastModified > late)
    #expect(BookmarkUnion.merged([second, first], now: late).url == first.url)
  }
}
