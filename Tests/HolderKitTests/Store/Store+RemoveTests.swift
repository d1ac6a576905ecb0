import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreRemoveTests {
  @Test func removeDeletesTheFileItsLinksAndCommits() throws {
    let fixture = try StoreFixture()
    let kept = try fixture.add("https://example.org/kept", tags: ["a/b"])
    let gone = try fixture.add("https://example.org/gone", tags: ["a/b", "c"])
    let removed = try fixture.store.remove("https://example.org/gone")
    #expect(removed == gone)
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/" + gone.path))
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/tags/c"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/tags/a/b") == [
        BookmarkPath.tagLinkName(forBookmarkPath: kept.path)
      ])
    #expect(try fixture.subjects().first == "Delete \"example.org/gone\"")
    #expect(try fixture.changedPaths() == [gone.path])
    #expect(try fixture.status() == "")
    try fixture.fsck()
  }
}
