import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreTagRenameTests {
  @Test func aRenameMovesChildrenMergesRecordsAndIsOneCommit() throws {
    let fixture = try StoreFixture()
    let one = try fixture.add("https://example.org/1", tags: ["ios", "other"])
    let two = try fixture.add("https://example.org/2", tags: ["IOS/swiftui"])
    let three = try fixture.add("https://example.org/3", tags: ["apple/ios", "ios"])
    let untouched = try fixture.add("https://example.org/4", tags: ["iosx"])
    try fixture.store.moveTag("ios", .before("apple/ios"))
    let outcome = try fixture.store.renameTag("ios", to: "apple/ios")
    #expect(outcome.subject == "Rename tag ios → apple/ios (3 bookmarks)")
    #expect(try fixture.subjects().first == outcome.subject)
    #expect(
      Set(try fixture.changedPaths())
        == [one.path, two.path, three.path, ".holder/store.json"])
    let tags = Dictionary(
      uniqueKeysWithValues: fixture.store.list().bookmarks.map { ($0.path, $0.bookmark.tags) })
    #expect(tags[one.path] == ["apple/ios", "other"])
    #expect(tags[two.path] == ["apple/ios/swiftui"])
    #expect(tags[three.path] == ["apple/ios"])
    #expect(tags[untouched.path] == ["iosx"])
    let settings = fixture.store.settings
    #expect(settings.tagRenames.map(\.to) == ["apple/ios"])
    #expect(settings.tagOrder == ["apple", "apple/ios"])
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/tags/ios"))
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/tags/IOS"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/tags/apple/ios/swiftui")
        .count == 1)
    let reopened = try Store.open(at: fixture.root)
    #expect(reopened.settings == settings)
    #expect(try fixture.status() == "")
    #expect(try fixture.store.check().findings.isEmpty)
    try fixture.fsck()
  }

  @Test func aBadNewNameOrAnUnknownTagIsRefused() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://example.org/1", tags: ["a"])
    for bad in ["", "a//b", "..", "x/./y", "tab\there"] {
      #expect(throws: StoreError.self) { try fixture.store.renameTag("a", to: bad) }
    }
    #expect {
      try fixture.store.renameTag("nope", to: "b")
    } throws: { error in
      error.localizedDescription == StoreError.lookup(.tagNotFound("nope")).localizedDescription
    }
    #expect(try fixture.subjects().count == 2)
  }

  @Test func aNewSpellingRewritesTheBookmarks() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://example.org/1", tags: ["Swift"])
    let outcome = try fixture.store.renameTag("swift", to: "swift")
    #expect(outcome.changed.map(\.bookmark.tags) == [["swift"]])
  }

  @Test func deleteTakesTheTagOffAndKeepsTheBookmarks() throws {
    let fixture = try StoreFixture()
    let one = try fixture.add("https://example.org/1", tags: ["later", "keep"])
    try fixture.add("https://example.org/2", tags: ["later/maybe"])
    let outcome = try fixture.store.deleteTag("Later")
    #expect(outcome.subject == "Delete tag later (2 bookmarks)")
    let listing = fixture.store.list()
    #expect(listing.bookmarks.count == 2)
    #expect(listing.bookmarks.flatMap(\.bookmark.tags) == ["keep"])
    #expect(listing.bookmarks.contains { $0.path == one.path })
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/tags/later"))
    #expect(try fixture.status() == "")
    #expect(try fixture.store.check().findings.isEmpty)
    try fixture.fsck()
  }

  @Test func aHandEditedBookmarkStopsTheRenameBeforeAnythingIsWritten() throws {
    let fixture = try StoreFixture()
    let one = try fixture.add("https://example.org/1", tags: ["a"])
    let edited = try fixture.read(one.path).replacingOccurrences(
      of: "example.org/1\",", with: "Mine\",")
    try fixture.write(edited, to: one.path)
    #expect {
      try fixture.store.renameTag("a", to: "b")
    } throws: { error in
      guard case StoreError.write(.uncommittedHandEdit(let path)) = error else { return false }
      return path == one.path
    }
    #expect(try fixture.read(one.path) == edited)
    #expect(try fixture.subjects().count == 2)
  }
}

@Suite struct StoreTagRenameScaleTests {
  /// 10,000 bookmarks (2,000 with the tag) when `HOLDER_GIT_SCALE=full`, else a tenth of it.
  @Test func aRenameOfAFifthOfTheStoreIsOneCommitAndQuick() throws {
    let full = ProcessInfo.processInfo.environment["HOLDER_GIT_SCALE"] == "full"
    let total = full ? 10_000 : 1_000
    let fixture = try StoreFixture()
    let requests = (0..<total).map { n in
      AddRequest(
        url: "https://site\(n % 97).example/page/\(n)",
        tags: n % 5 == 0 ? ["ios", "n\(n % 7)"] : ["other\(n % 13)"])
    }
    let generated = Date()
    _ = try fixture.store.addMany(requests)
    let generating = Date().timeIntervalSince(generated)
    #expect(try fixture.subjects().count == 2)

    let started = Date()
    let outcome = try fixture.store.renameTag("ios", to: "apple/ios")
    let seconds = Date().timeIntervalSince(started)
    print(
      "tag rename of \(total / 5) of \(total) bookmarks: \(seconds) s (store made in \(generating) s)"
    )
    #expect(outcome.subject == "Rename tag ios → apple/ios (\(total / 5) bookmarks)")
    #expect(try fixture.subjects().count == 3)
    #expect(try fixture.changedPaths().count == total / 5 + 1)
    #expect(seconds < 30)
    #expect(try fixture.status() == "")
  }
}
