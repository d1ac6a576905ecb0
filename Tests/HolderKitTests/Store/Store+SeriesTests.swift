import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreSeriesTests {
  @Test func aSeriesOfChangesIsOneCommitEachWithTheWorkTreeAtTheLast() throws {
    let fixture = try StoreFixture()
    let kept = try fixture.add("https://example.org/kept", tags: ["a"])
    let gone = try fixture.add("https://example.org/gone", tags: ["b"])
    var edited = kept.bookmark
    edited.title = "Edited"
    edited.tags = ["c"]
    let url = "https://example.org/new"
    let new = Bookmark(
      id: try #require(BookmarkID("00000000-0000-4000-8000-0000000000aa")), url: url,
      title: "New", note: "", tags: ["d"], favorite: false, created: StoreFixture.start,
      lastModified: StoreFixture.start, metadata: nil)
    let newPath = BookmarkPath.relativePath(forNormalizedURL: url)
    let made = try fixture.store.recordSeries([
      Change(message: "Edit", writes: [kept.path: BookmarkCodec.encode(edited)]),
      Change(message: "Nothing", writes: [kept.path: BookmarkCodec.encode(edited)]),
      Change(message: "Remove", removals: [gone.path]),
      Change(message: "Add", writes: [newPath: BookmarkCodec.encode(new)]),
    ])
    #expect(made == 3)
    #expect(
      Array(try fixture.subjects().prefix(4)) == [
        "Add", "Remove", "Edit", "Add \"example.org/gone\"",
      ])
    #expect(try fixture.status() == "")
    #expect(try fixture.store.bookmark(atPath: kept.path).title == "Edited")
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/" + gone.path))
    for tag in ["c", "d"] {
      #expect(FileManager.default.fileExists(atPath: fixture.root + "/tags/" + tag))
    }
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/tags/b"))
    try fixture.fsck()
  }
}
