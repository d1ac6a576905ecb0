import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

/// A store written by format 1 (URLs not composed to NFC), opened by this holder-git: it keeps
/// working, `check` says which files must move, and `check --fix` moves them in one commit,
/// merging a link saved once in NFD and once in NFC, so nothing is lost.
@Suite struct OlderFormatTests {
  static let nfd = "https://ko.wikipedia.org/wiki/\u{1109}\u{1165}\u{110B}\u{116E}\u{11AF}"
  static let nfc = "https://ko.wikipedia.org/wiki/서울"
  /// What format 1 stored for the NFD link: its bytes escaped as they were.
  static let nfdStored =
    "https://ko.wikipedia.org/wiki/%E1%84%89%E1%85%A5%E1%84%8B%E1%85%AE%E1%86%AF"

  /// A format-1 store holding the NFC link (tag `a`, a note), the NFD link saved earlier
  /// (tag `b`, another note) and an NFD-only link, all at format 1's paths.
  private func formatOneStore() throws -> (StoreFixture, Store) {
    let fixture = try StoreFixture(checksInvariants: false)
    let nfc = try fixture.add(Self.nfc, title: "서울", tags: ["a"], note: "NFC note")
    let earlier = Timestamp(millisecondsSince1970: StoreFixture.start.millisecondsSince1970 - 5000)
    let old = Bookmark(
      id: try #require(BookmarkID("0f8c5a4e-2b7d-4c1e-9a53-6d2f1e8b7c90")), url: Self.nfdStored,
      title: "Seoul", note: "NFD note", tags: ["b"], favorite: true, created: earlier,
      lastModified: earlier)
    try fixture.write(
      String(decoding: BookmarkCodec.encode(old), as: UTF8.self),
      to: BookmarkPath.relativePath(forNormalizedURL: Self.nfdStored))
    let lone = Bookmark(
      id: try #require(BookmarkID("1f8c5a4e-2b7d-4c1e-9a53-6d2f1e8b7c90")),
      url: "https://example.org/cafe%CC%81", title: "Cafe", tags: ["c"], created: earlier,
      lastModified: earlier)
    try fixture.write(
      String(decoding: BookmarkCodec.encode(lone), as: UTF8.self),
      to: BookmarkPath.relativePath(forNormalizedURL: lone.url))
    try fixture.write(
      try fixture.read(".holder/store.json").replacingOccurrences(
        of: "\"formatVersion\": 2", with: "\"formatVersion\": 1"), to: ".holder/store.json")
    try fixture.runGit("add", "-A")
    try fixture.runGit("commit", "-q", "-m", "Written by format 1")
    #expect(
      nfc.path == BookmarkPath.relativePath(forNormalizedURL: try URLNormalizer.normalize(Self.nfd))
    )
    let store = try Store.open(
      at: fixture.root, environment: .deterministic(start: StoreFixture.start, firstID: 50))
    return (fixture, store)
  }

  @Test func aLinkTypedInNFDIsTheBookmarkSavedInNFC() throws {
    let fixture = try StoreFixture()
    let saved = try fixture.add(Self.nfc)
    #expect(throws: StoreError.self) { try fixture.store.add(AddRequest(url: Self.nfd)) }
    #expect(try fixture.store.resolve(Self.nfd).path == saved.path)
  }

  @Test func checkSaysTheFilesMustMoveAndTheStoreStillWorks() throws {
    let (fixture, store) = try formatOneStore()
    defer { withExtendedLifetime(fixture) {} }
    #expect(store.isWritable)
    #expect(store.list().bookmarks.count == 3)
    let kinds = try store.check().findings.map(\.kind)
    // The files were written by hand, so their tag views are reported too.
    #expect(Array(kinds.prefix(3)) == [.olderFormat, .duplicateURL, .wrongPath])
    #expect(try store.check().findings.allSatisfy(\.isFixable))
  }

  @Test func checkFixMovesAndMergesInOneCommitLosingNothing() throws {
    let (fixture, store) = try formatOneStore()
    let before = try fixture.runGit("rev-parse", "HEAD")
    let report = try store.checkAndFix()
    #expect(report.remaining.isEmpty, "\(report.remaining)")
    #expect(try fixture.runGit("rev-list", "--count", "\(before.trimmed)..HEAD").trimmed == "1")
    #expect(try fixture.subjects().first == "Repair the store")
    let bookmarks = store.list().bookmarks
    #expect(bookmarks.count == 2)
    let seoul = try #require(bookmarks.first { $0.bookmark.url.contains("wiki") })
    #expect(seoul.bookmark.url == "https://ko.wikipedia.org/wiki/%EC%84%9C%EC%9A%B8")
    #expect(seoul.bookmark.tags == ["a", "b"])
    #expect(seoul.bookmark.note == "NFD note\n\nNFC note")
    #expect(seoul.bookmark.favorite)
    #expect(
      seoul.bookmark.created.millisecondsSince1970 == StoreFixture.start.millisecondsSince1970
        - 5000)
    let cafe = try #require(bookmarks.first { $0.bookmark.title == "Cafe" })
    #expect(cafe.bookmark.url == "https://example.org/caf%C3%A9")
    #expect(cafe.path == BookmarkPath.relativePath(forNormalizedURL: cafe.bookmark.url))
    #expect(try fixture.read(".holder/store.json").contains("\"formatVersion\": 2"))
    #expect(try store.check().findings.isEmpty)
    #expect(try Store.open(at: fixture.root).settings.formatVersion == 2)
    #expect(try fixture.status() == "")
    try fixture.fsck()
  }
}

extension String {
  fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
