import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreRestoreTests {
  @Test func aDeletedBookmarkIsListedAndComesBackWinningTheNextSync() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/gone", tags: ["t"], note: "keep me")
    try fixture.store.remove(located.path)
    let deleted = try fixture.store.deletedBookmarks()
    #expect(deleted.map(\.bookmark) == [located.bookmark])
    #expect(deleted.first?.entry.subject == "Delete \"example.org/gone\"")

    let restored = try fixture.store.restore("https://example.org/gone")
    #expect(restored.path == located.path)
    #expect(restored.bookmark.note == "keep me")
    #expect(restored.bookmark.id == located.bookmark.id)
    #expect(restored.bookmark.lastModified > located.bookmark.lastModified)
    #expect(try fixture.subjects().first == "Restore \"example.org/gone\"")
    #expect(try fixture.store.deletedBookmarks().isEmpty)
    #expect(FileManager.default.fileExists(atPath: fixture.root + "/tags/t"))
    #expect(try fixture.status() == "")
    try fixture.fsck()
  }

  @Test func anEarlierVersionComesBackByRevisionOrTime() throws {
    let fixture = try StoreFixture()
    let first = try fixture.add("https://example.org/p", title: "First")
    let firstTime = try #require(try fixture.store.history().first?.time)
    _ = try fixture.store.add(
      AddRequest(url: "https://example.org/p", title: "Second", updateExisting: true))
    let byRevision = try fixture.store.restore(first.path, at: .revision("HEAD~1"))
    #expect(byRevision.bookmark.title == "First")
    _ = try fixture.store.add(
      AddRequest(url: "https://example.org/p", title: "Third", updateExisting: true))
    let byTime = try fixture.store.restore(first.path, at: .time(firstTime))
    #expect(byTime.bookmark.title == "First")
    #expect {
      try fixture.store.restore(first.path)
    } throws: { error in
      guard case StoreError.history(.nothingToRestore) = error else { return false }
      return true
    }
  }
}
