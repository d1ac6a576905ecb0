import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreBulkTests {
  @Test func manyFilesBecomeOneCommitWithTagViews() throws {
    let fixture = try StoreFixture()
    var writes: [String: [UInt8]] = [:]
    for (number, url) in ["https://example.org/a", "https://ko.wikipedia.org/wiki/서울"].enumerated()
    {
      let normalized = try URLNormalizer.normalize(url)
      let bookmark = Bookmark(
        id: try #require(BookmarkID("00000000-0000-4000-8000-00000000000\(number)")),
        url: normalized, title: "Bookmark \(number)", tags: ["여행"],
        created: StoreFixture.start, lastModified: StoreFixture.start)
      writes[BookmarkPath.relativePath(forNormalizedURL: normalized)] =
        BookmarkCodec.encode(bookmark)
    }
    #expect(try fixture.store.recordBulk(Change(message: "Import 2 bookmarks", writes: writes)))
    #expect(try fixture.subjects().first == "Import 2 bookmarks")
    #expect(try fixture.changedPaths().sorted() == writes.keys.sorted())
    #expect(try fixture.status().isEmpty)
    let links = try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/tags/여행")
    #expect(links.count == 2)
    #expect(fixture.store.bookmarkIndex().count == 2)
    #expect(try !fixture.store.recordBulk(Change(message: "Again", writes: writes)))
    try fixture.fsck()
  }
}
