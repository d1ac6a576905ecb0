import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreReadingTests {
  @Test func aBookmarkIsNamedByIdPrefixURLOrPath() throws {
    var environment = StoreEnvironment.deterministic(start: StoreFixture.start)
    environment.newID = StoreEnvironment.live.newID
    let fixture = try StoreFixture(environment: environment)
    let located = try fixture.add("https://ko.wikipedia.org/wiki/서울", tags: ["여행"])
    try fixture.add("https://example.org/other")
    let id = located.bookmark.id.rawValue
    let names = [
      id, id.uppercased(), String(id.prefix(8)), "https://ko.wikipedia.org/wiki/서울",
      "ko.wikipedia.org/wiki/%EC%84%9C%EC%9A%B8", located.path,
      fixture.root + "/" + located.path,
      "tags/여행/" + BookmarkPath.tagLinkName(forBookmarkPath: located.path),
    ]
    for name in names {
      #expect(try fixture.store.resolve(name) == located, "\(name)")
    }
  }

  @Test func anAmbiguousOrUnknownNameSaysSo() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://example.org/1")
    try fixture.add("https://example.org/2")
    #expect {
      try fixture.store.resolve("00000000")
    } throws: { error in
      guard case StoreError.lookup(.ambiguous(_, let candidates)) = error else { return false }
      return candidates.count == 2
    }
    #expect {
      try fixture.store.resolve("https://example.org/3")
    } throws: { error in
      guard case StoreError.lookup(.notFound) = error else { return false }
      return true
    }
  }

  @Test func listShowsNewestChangeFirstAndFilters() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://example.org/1", tags: ["dev/swift"])
    try fixture.add("https://example.org/2", tags: ["Dev"])
    try fixture.add("https://example.org/3", tags: ["devops"])
    _ = try fixture.store.add(AddRequest(url: "https://example.org/4", favorite: true))
    let all = fixture.store.list().bookmarks.map(\.bookmark.url)
    #expect(all == (1...4).reversed().map { "https://example.org/\($0)" })
    let dev = fixture.store.list(ListFilter(tag: "dev")).bookmarks.map(\.bookmark.url)
    #expect(dev == ["https://example.org/2", "https://example.org/1"])
    let favorites = fixture.store.list(ListFilter(favoritesOnly: true)).bookmarks
    #expect(favorites.map(\.bookmark.url) == ["https://example.org/4"])
  }

  @Test func aTagFilterNamesATagNoBookmarkCarries() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://example.org/1", tags: ["dev/swift"])
    let other = try fixture.add("https://example.org/2", tags: ["devops"])
    for tag in ["dev", "/dev/", "DEV/Swift", "devops"] {
      #expect(throws: Never.self, "\(tag)") { try fixture.store.checkTagsExist([tag]) }
    }
    for tag in ["de", "dev/sw", "swift", "nope"] {
      #expect(throws: StoreError.self, "\(tag)") {
        try fixture.store.checkTagsExist(["dev", tag])
      }
    }
    try fixture.store.remove(other.path)
    #expect(throws: StoreError.self) { try fixture.store.checkTagsExist(["devops"]) }
  }

  @Test func aSymlinkUnderBookmarksIsReportedNeverRead() throws {
    let fixture = try StoreFixture()
    let good = try fixture.add("https://example.org/good")
    let hostile = fixture.root + "/bookmarks/e/evil.org"
    try FileManager.default.createDirectory(atPath: hostile, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: hostile + "/passwd-aaaaaaaa.json", withDestinationPath: "/etc/passwd")
    try FileManager.default.createSymbolicLink(
      atPath: fixture.root + "/bookmarks/x", withDestinationPath: "/etc")
    let listing = fixture.store.list()
    #expect(listing.bookmarks.map(\.path) == [good.path])
    #expect(
      Set(listing.problems.map(\.path)) == [
        "bookmarks/e/evil.org/passwd-aaaaaaaa.json", "bookmarks/x",
      ])
    #expect {
      try fixture.store.bookmark(atPath: "bookmarks/e/evil.org/passwd-aaaaaaaa.json")
    } throws: { error in
      guard case StoreError.bookmark(.notRegularFile) = error else { return false }
      return true
    }
  }

  /// A read leaves tag views a plain git commit made stale as they are; the next write
  /// repairs them before its own change.
  @Test func tagViewsAreRepairedAfterAPlainGitChange() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/1", tags: ["old"])
    let retagged = try fixture.read(located.path).replacingOccurrences(
      of: "[\"old\"]", with: "[\"new\"]")
    try fixture.write(retagged, to: located.path)
    try fixture.runGit("commit", "-qam", "Retag with plain git")
    try FileManager.default.createSymbolicLink(
      atPath: fixture.root + "/tags/stray", withDestinationPath: "/etc/passwd")
    _ = fixture.store.list()
    let stale = try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/tags")
    #expect(Set(stale) == ["old", "stray"])
    _ = try fixture.add("https://example.org/2", tags: [])
    let tags = try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/tags")
    #expect(tags == ["new"])
  }
}
