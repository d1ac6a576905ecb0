import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreFavoriteTests {
  @Test func favouritesAreMarkedInOneCommitAndListed() throws {
    let fixture = try StoreFixture()
    let one = try fixture.add("https://example.org/one")
    let two = try fixture.add("https://example.org/two")
    _ = try fixture.add("https://example.org/three")
    let outcome = try fixture.store.setFavorite([one.path, "https://example.org/two"], to: true)
    #expect(outcome.changed.map(\.path) == [one.path, two.path])
    #expect(try fixture.subjects().first == "Favourite 2 bookmarks")
    #expect(Set(try fixture.changedPaths()) == [one.path, two.path])
    let favourites = fixture.store.list(ListFilter(favoritesOnly: true)).bookmarks
    #expect(Set(favourites.map(\.path)) == [one.path, two.path])
    #expect(favourites.allSatisfy { $0.bookmark.lastModified > one.bookmark.lastModified })

    let again = try fixture.store.setFavorite([one.path], to: true)
    #expect(again.changed.isEmpty)
    #expect(again.unchanged.map(\.path) == [one.path])
    #expect(try fixture.subjects().count == 5)

    _ = try fixture.store.setFavorite([one.path], to: false)
    #expect(try fixture.subjects().first == "Unfavourite \"example.org/one\"")
    #expect(fixture.store.list(ListFilter(favoritesOnly: true)).bookmarks.map(\.path) == [two.path])
    #expect(try fixture.status() == "")
    #expect(try fixture.store.check().findings.isEmpty)
    try fixture.fsck()
  }

  @Test func anUnknownNameChangesNothing() throws {
    let fixture = try StoreFixture()
    let one = try fixture.add("https://example.org/one")
    #expect(throws: StoreError.self) {
      try fixture.store.setFavorite([one.path, "https://example.org/none"], to: true)
    }
    #expect(try fixture.subjects().count == 2)
  }
}
