import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreDedupeTests {
  @Test func theIndexFindsNearDuplicatesInTheHostFolderOnly() throws {
    let fixture = try StoreFixture()
    let plain = try fixture.add("https://example.org/swift")
    try fixture.add("https://example.org/swift/")
    try fixture.add("http://www.example.org/swift#top")
    try fixture.add("https://example.org/swiftly")
    try fixture.add("https://example.net/swift")
    let matches = fixture.store.nearDuplicates(ofNormalizedURL: plain.bookmark.url)
    #expect(
      Set(matches.map(\.located.bookmark.url)) == [
        "https://example.org/swift/", "http://www.example.org/swift#top",
      ])
    #expect(
      matches.first { $0.located.bookmark.url.hasSuffix("#top") }?.differences == [
        .scheme, .www, .fragment,
      ])
  }

  @Test func dedupeKeepsTheChosenURLAndMovesTheTagViews() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://example.org/swift", tags: ["a"], note: "one")
    let www = try fixture.add("http://www.example.org/swift/", tags: ["b"])
    let plan = try fixture.store.dedupe(
      ["https://example.org/swift"], keep: "http://www.example.org/swift/")
    #expect(plan.result.path == www.path)
    #expect(plan.result.bookmark.tags == ["a", "b"])
    #expect(plan.result.bookmark.note == "one")
    #expect(plan.differences == [.scheme, .www, .trailingSlash])
    #expect(fixture.store.list().bookmarks.map(\.path) == [www.path])
    #expect(try fixture.subjects().first == "Merge 2 bookmarks into \"example.org/swift\"")
    let links = try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/tags/a")
    #expect(links.count == 1)
  }

  @Test func bookmarksNamedTogetherAreMergedEvenWhenTheyAreNotNearDuplicates() throws {
    let fixture = try StoreFixture()
    let old = try fixture.add("https://old.example/page", tags: ["x"])
    try fixture.add("https://new.example/page", tags: ["y"])
    let plan = try fixture.store.dedupe(
      ["https://new.example/page", "https://old.example/page"], dryRun: true)
    #expect(plan.result.path == old.path)
    #expect(fixture.store.list().bookmarks.count == 2)
    #expect(throws: StoreError.self) {
      try fixture.store.dedupe(["https://old.example/page"], keep: "https://new.example/page")
    }
  }
}
