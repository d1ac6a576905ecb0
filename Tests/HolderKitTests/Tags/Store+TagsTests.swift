import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreTagsTests {
  @Test func tagsComeAsATreeWithCountsAndVariantsAsOne() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://example.org/1", tags: ["dev/swift", "reading"])
    try fixture.add("https://example.org/2", tags: ["dev", "Reading"])
    try fixture.add("https://example.org/3", tags: ["dev/rust", "cafe\u{301}"])
    try fixture.add("https://example.org/4", tags: ["café"])
    let listing = fixture.store.tags()
    #expect(listing.tree.map(\.tag) == ["café", "dev", "dev/rust", "dev/swift", "reading"])
    #expect(listing.tree.map(\.depth) == [0, 0, 1, 1, 0])
    #expect(listing.tree.map(\.total) == [2, 3, 1, 1, 2])
    #expect(listing.tree.map(\.count) == [2, 1, 1, 1, 2])
    #expect(listing.flat.map(\.tag) == ["café", "dev", "dev/rust", "dev/swift", "reading"])
  }

  @Test func theUsersOrderComesFirst() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://example.org/1", tags: ["a", "b", "c/x", "c/y"])
    try fixture.store.moveTag("c", .before("a"))
    try fixture.store.moveTag("c/y", .before("c/x"))
    let listing = fixture.store.tags()
    #expect(listing.tree.map(\.tag) == ["c", "c/y", "c/x", "a", "b"])
    #expect(fixture.store.settings.tagOrder == ["c", "a", "b", "c/y"])
  }
}
