import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

/// Names (id, id prefix, URL, file path) resolve through the index and never give a stale
/// answer after a hand edit, a `git pull`, a checkout of an old commit or a deleted cache.
@Suite struct IndexNameTests {
  enum Kind: CaseIterable {
    case id, idPrefix, url, path
  }

  private func name(_ kind: Kind, of located: LocatedBookmark) -> String {
    switch kind {
    case .id: located.bookmark.id.rawValue
    case .idPrefix: String(located.bookmark.id.rawValue.prefix(8))
    case .url: located.bookmark.url
    case .path: located.path
    }
  }

  /// Three bookmarks with random ids (so 8-character prefixes are unique), their files made
  /// old so the index trusts their stamps, and the index built.
  private func makeStore() throws -> (StoreFixture, [LocatedBookmark]) {
    var environment = StoreEnvironment.deterministic(start: StoreFixture.start)
    environment.newID = StoreEnvironment.live.newID
    let fixture = try StoreFixture(environment: environment)
    let made = [
      try fixture.add("https://github.com/swiftlang/swift", title: "Swift"),
      try fixture.add("https://ko.wikipedia.org/wiki/서울", title: "서울"),
      try fixture.add("https://ja.wikipedia.org/wiki/東京", title: "東京"),
    ]
    try fixture.backdateBookmarkFiles()
    _ = fixture.store.bookmarkIndex()
    return (fixture, made)
  }

  private func expectResolves(
    _ fixture: StoreFixture, _ located: LocatedBookmark, title: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for kind in Kind.allCases {
      let found = try? fixture.store.resolve(name(kind, of: located))
      #expect(found?.bookmark.title == title, "\(kind)", sourceLocation: sourceLocation)
      #expect(found?.path == located.path, "\(kind)", sourceLocation: sourceLocation)
    }
  }

  private func expectGone(
    _ fixture: StoreFixture, _ located: LocatedBookmark,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for kind in Kind.allCases {
      #expect(sourceLocation: sourceLocation) {
        try fixture.store.resolve(name(kind, of: located))
      } throws: { error in
        guard case StoreError.lookup(.notFound) = error else { return false }
        return true
      }
    }
  }

  @Test func everyKindOfNameResolvesThroughTheIndex() throws {
    let (fixture, made) = try makeStore()
    for located in made { expectResolves(fixture, located, title: located.bookmark.title) }
    // Naming by id prefix with no cache builds the index, rather than reading every file.
    try FileManager.default.removeItem(atPath: fixture.root + "/.holder/local")
    _ = try fixture.store.resolve(name(.idPrefix, of: made[1]))
    #expect(FileManager.default.fileExists(atPath: fixture.root + "/.holder/local/index-v2"))
  }

  @Test func aHandEditIsSeenAtOnce() throws {
    let (fixture, made) = try makeStore()
    let retitled = try fixture.read(made[0].path).replacingOccurrences(
      of: "\"title\": \"Swift\"", with: "\"title\": \"Swaft\"")
    try fixture.write(retitled, to: made[0].path)
    expectResolves(fixture, made[0], title: "Swaft")
    // A new id typed into the file: the old id names nothing, the new one the file.
    let newID = "0123abcd-0000-4000-8000-000000000000"
    let reidentified = try fixture.read(made[1].path).replacingOccurrences(
      of: made[1].bookmark.id.rawValue, with: newID)
    try fixture.write(reidentified, to: made[1].path)
    for gone in [made[1].bookmark.id.rawValue, String(made[1].bookmark.id.rawValue.prefix(8))] {
      #expect(throws: StoreError.self) { try fixture.store.resolve(gone) }
    }
    #expect(try fixture.store.resolve(newID).path == made[1].path)
    #expect(try fixture.store.resolve("0123abcd").path == made[1].path)
    // A file deleted by hand names nothing.
    try FileManager.default.removeItem(atPath: fixture.root + "/" + made[2].path)
    expectGone(fixture, made[2])
  }

  @Test func aGitPullIsSeenAtOnce() throws {
    let (fixture, made) = try makeStore()
    let clone = fixture.git.path("clone")
    try fixture.git.runGit(["clone", "-q", fixture.root, clone], in: fixture.git.path(""))
    let retitled = try fixture.read(made[1].path).replacingOccurrences(
      of: "\"title\": \"서울\"", with: "\"title\": \"서울특별시\"")
    try Data(retitled.utf8).write(to: URL(fileURLWithPath: clone + "/" + made[1].path))
    try fixture.git.runGit(["rm", "-q", made[2].path], in: clone)
    try fixture.git.runGit(["commit", "-qam", "Retitle and remove"], in: clone)
    try fixture.runGit("pull", "-q", "--ff-only", clone, "main")
    expectResolves(fixture, made[0], title: "Swift")
    expectResolves(fixture, made[1], title: "서울특별시")
    expectGone(fixture, made[2])
  }

  @Test func aCheckoutOfAnOldCommitIsSeenAtOnce() throws {
    let (fixture, made) = try makeStore()
    try fixture.runGit("checkout", "-q", "HEAD~1")
    expectResolves(fixture, made[1], title: "서울")
    expectGone(fixture, made[2])
    try fixture.runGit("checkout", "-q", "main")
    expectResolves(fixture, made[2], title: "東京")
  }

  @Test func deletingTheLocalFolderIsSeenAtOnce() throws {
    let (fixture, made) = try makeStore()
    try FileManager.default.removeItem(atPath: fixture.root + "/" + made[0].path)
    try FileManager.default.removeItem(atPath: fixture.root + "/.holder/local")
    expectGone(fixture, made[0])
    for located in made.dropFirst() {
      expectResolves(fixture, located, title: located.bookmark.title)
    }
  }

  @Test func anAmbiguousPrefixListsEveryCandidateHandEditsIncluded() throws {
    let (fixture, made) = try makeStore()
    let shared = String(made[0].bookmark.id.rawValue.prefix(4))
    let twin = shared + "ffff-0000-4000-8000-000000000000"
    let copy = try fixture.read(made[0].path)
      .replacingOccurrences(of: made[0].bookmark.id.rawValue, with: twin)
      .replacingOccurrences(of: "https://github.com/swiftlang/swift", with: "https://twin.example/")
    try fixture.write(copy, to: "bookmarks/t/twin.example/index-aaaaaaaa.json")
    #expect {
      try fixture.store.resolve(shared)
    } throws: { error in
      guard case StoreError.lookup(.ambiguous(_, let candidates)) = error else { return false }
      return Set(candidates) == [made[0].bookmark.id.rawValue, twin]
    }
    #expect(try fixture.store.resolve(shared + "ffff").bookmark.url == "https://twin.example/")
  }

  @Test func theIndexFindsIdsAndPrefixesFromItsCacheAndFromFreshFiles() throws {
    let (fixture, made) = try makeStore()
    let cached = fixture.store.bookmarkIndex()
    #expect(cached.refresh.filesRead == 0)
    for located in made {
      #expect(cached.bookmark(withID: located.bookmark.id) == located)
      let prefix = String(located.bookmark.id.rawValue.prefix(6)).uppercased()
      #expect(cached.bookmarks(withIDPrefix: prefix) == [located])
    }
    try FileManager.default.removeItem(atPath: fixture.root + "/.holder/local")
    let fresh = fixture.store.bookmarkIndex()
    #expect(fresh.refresh.rebuilt)
    #expect(fresh.bookmark(withID: made[2].bookmark.id) == made[2])
    #expect(fresh.bookmarks(withIDPrefix: "").count == 3)
    #expect(fresh.bookmarks(withIDPrefix: "zzzz").isEmpty)
  }
}
