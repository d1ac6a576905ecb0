import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

/// A re-import looks the saved bookmarks up in the bookmark index (stamps
/// checked) instead of reading every file; what it decides is what reading the files decides.
@Suite struct ReimportThroughIndexTests {
  private let file = StoreImportTests.generated(1_000)

  @Test func aTagRemovedAndCommittedWithGitAfterTheIndexWasBuiltComesBack() throws {
    let fixture = try StoreFixture()
    _ = try fixture.store.importBookmarks(file, options: ImportOptions())
    let located = try #require(
      fixture.store.bookmarkIndex().bookmarks.first { !$0.bookmark.tags.isEmpty })
    var edited = located.bookmark
    let removed = try #require(edited.tags.last)
    edited.tags.removeLast()
    try Data(BookmarkCodec.encode(edited)).write(
      to: URL(fileURLWithPath: fixture.root + "/" + located.path))
    _ = try fixture.runGit("commit", "-q", "-am", "by hand")
    let again = try fixture.store.importBookmarks(file, options: ImportOptions())
    #expect(again.merged == 1)
    #expect(again.unchanged == 999)
    #expect(try fixture.store.bookmark(atPath: located.path).tags.contains(removed))
    #expect(try fixture.status() == "")
  }
}
