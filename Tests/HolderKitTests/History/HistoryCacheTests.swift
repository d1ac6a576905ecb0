import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import PropertyBased
import Testing

/// The history cache under `.holder/local/` gives the answers a walk of every commit gives,
/// whether it was brought up to date step by step, built afresh, damaged or left behind by a
/// reset.
@Suite struct HistoryCacheTests {
  private static let cacheFile = "/.holder/local/history-v1"

  /// One random change through the library: adds, edits, URL edits by hand, deletions,
  /// restores, tag renames and deletions.
  private func change(_ fixture: StoreFixture, _ rng: inout Xoshiro, step: Int) throws {
    let bookmarks = fixture.store.list().bookmarks
    let tags = ["a", "b", "a/x", "c"]
    let pick = bookmarks.isEmpty ? nil : bookmarks[Int.random(in: 0..<bookmarks.count, using: &rng)]
    switch Int.random(in: 0..<9, using: &rng) {
    case 0, 1:
      try fixture.add(
        "https://example.org/\(step)", title: "Page \(step)",
        tags: [tags[Int.random(in: 0..<tags.count, using: &rng)]])
    case 2:
      guard let pick else { return }
      _ = try fixture.store.add(
        AddRequest(
          url: pick.bookmark.url, title: "Edited \(step)",
          tags: [tags[Int.random(in: 0..<tags.count, using: &rng)]], updateExisting: true))
    case 3:
      guard let pick else { return }
      let moved = try fixture.read(pick.path).replacingOccurrences(
        of: "\"url\": \"\(pick.bookmark.url)\"",
        with: "\"url\": \"https://example.org/moved/\(step)\"")
      try fixture.write(moved, to: pick.path)
      _ = try fixture.store.commitHandEdits()
    case 4:
      guard let pick else { return }
      try fixture.store.remove(pick.path)
    case 5:
      guard let gone = try fixture.store.deletedBookmarks().first else { return }
      _ = try fixture.store.restore(gone.bookmark.id.rawValue)
    case 6:
      _ = try? fixture.store.renameTag("a", to: "renamed/\(step)")
    case 7:
      _ = try? fixture.store.deleteTag("b")
    default:
      _ = try? fixture.store.undo()
    }
  }

  /// Every bookmark that ever was, from a walk of the whole history.
  private func everyID(_ store: Store) throws -> [BookmarkID] {
    let ids = try store.history(HistoryFilter(), from: "HEAD").flatMap(\.changes)
      .compactMap(\.id)
    return Array(Set(ids)).sorted()
  }

  /// Checks that each bookmark's and each tag's story from the cache is the walk's.
  private func expectCacheMatchesTheWalk(_ fixture: StoreFixture, round: Int) throws {
    let store = fixture.store
    for id in try everyID(store) {
      let filter = HistoryFilter(bookmark: id)
      #expect(try store.history(filter) == store.history(filter, from: "HEAD"), "round \(round)")
    }
    for tag in ["a", "b", "c", "renamed"] {
      let filter = HistoryFilter(tag: tag)
      #expect(try store.history(filter) == store.history(filter, from: "HEAD"), "round \(round)")
      let limited = HistoryFilter(tag: tag, limit: 2)
      #expect(try store.history(limited) == store.history(limited, from: "HEAD"))
      let all = try store.history(HistoryFilter(), from: "HEAD")
      let recent = HistoryFilter(tag: tag, since: all[all.count / 2].time, device: "test-device")
      #expect(try store.history(recent) == store.history(recent, from: "HEAD"))
      #expect(try store.history(HistoryFilter(tag: tag, device: "elsewhere")).isEmpty)
    }
  }

  @Test func aCacheBroughtUpToDateStepByStepEqualsAFreshBuildAndTheWalk() throws {
    var rng = Xoshiro(seed: (61, 62, 63, 64))
    for round in 0..<3 {
      let fixture = try StoreFixture()
      for step in 0..<24 {
        try change(fixture, &rng, step: step)
        if Bool.random(using: &rng), let any = try everyID(fixture.store).first {
          _ = try fixture.store.history(HistoryFilter(bookmark: any))
        }
      }
      _ = try fixture.store.history(HistoryFilter(tag: "a"))
      let incremental = try fixture.bytes(Self.cacheFile)
      try FileManager.default.removeItem(atPath: fixture.root + Self.cacheFile)
      _ = try fixture.store.history(HistoryFilter(tag: "a"))
      #expect(try fixture.bytes(Self.cacheFile) == incremental, "round \(round)")
      try expectCacheMatchesTheWalk(fixture, round: round)
    }
  }

  @Test func aHistoryWithSyncMergesIsToldAsTheWalkTellsIt() throws {
    let fixture = try StoreFixture()
    let shared = try fixture.add("https://example.org/shared", title: "Shared", tags: ["a"])
    try fixture.addBareRemote()
    let other = try fixture.cloneStore(
      "other", start: Timestamp(millisecondsSince1970: 1_763_716_500_000))
    _ = try fixture.store.history(HistoryFilter(bookmark: shared.bookmark.id))
    _ = try other.add(
      AddRequest(url: shared.bookmark.url, title: "Theirs", tags: ["c"], updateExisting: true))
    _ = try other.add(AddRequest(url: "https://example.org/theirs", tags: ["a"]))
    _ = try other.sync()
    try fixture.add("https://example.org/mine", tags: ["a"])
    try fixture.store.remove("https://example.org/mine")
    _ = try fixture.store.sync()
    #expect(try fixture.runGit("rev-list", "--merges", "HEAD").isEmpty == false)
    try expectCacheMatchesTheWalk(fixture, round: 0)
    let deleted = try fixture.store.deletedBookmarks()
    #expect(deleted.map(\.bookmark.url) == ["https://example.org/mine"])
  }

  @Test func aDamagedOrOlderCacheIsRebuiltWithoutAWord() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/p", title: "P", tags: ["a"])
    _ = try fixture.store.add(
      AddRequest(url: "https://example.org/p", title: "Q", updateExisting: true))
    let filter = HistoryFilter(bookmark: located.bookmark.id)
    let expected = try fixture.store.history(filter)
    #expect(expected.count == 2)
    let good = try fixture.bytes(Self.cacheFile)
    let path = fixture.root + Self.cacheFile
    var flipped = good
    flipped[good.count / 2] ^= 0xFF
    let older = Array("holder-git history 0\n".utf8) + good.dropFirst(21)
    for damaged in [flipped, Array(good.prefix(good.count / 3)), [], older] {
      try Data(damaged).write(to: URL(fileURLWithPath: path))
      #expect(try fixture.store.history(filter) == expected)
      #expect(try fixture.bytes(Self.cacheFile) == good)
    }
  }

  @Test func aResetToAnOlderCommitForgetsTheCommitsLeftBehind() throws {
    let fixture = try StoreFixture()
    let kept = try fixture.add("https://example.org/kept", title: "Kept")
    let dropped = try fixture.add("https://example.org/dropped", title: "Dropped")
    try fixture.store.remove(kept.path)
    #expect(try fixture.store.deletedBookmarks().map(\.bookmark.title) == ["Kept"])
    #expect(try fixture.store.history(HistoryFilter(bookmark: dropped.bookmark.id)).count == 1)

    try fixture.runGit("reset", "-q", "--hard", "HEAD~2")
    #expect(try fixture.store.deletedBookmarks().isEmpty)
    #expect(try fixture.store.history(HistoryFilter(bookmark: dropped.bookmark.id)).isEmpty)
    #expect(try fixture.store.history(HistoryFilter(bookmark: kept.bookmark.id)).count == 1)
    let afterReset = try fixture.bytes(Self.cacheFile)
    try FileManager.default.removeItem(atPath: fixture.root + Self.cacheFile)
    _ = try fixture.store.deletedBookmarks()
    #expect(try fixture.bytes(Self.cacheFile) == afterReset)
  }

  @Test func aBookmarksCommitsAreThoseGitLogFindsForEveryPathItHad() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/first", title: "Page", tags: ["a"])
    try fixture.add("https://example.org/other")
    for (step, url) in ["https://example.org/second", "https://example.org/third"].enumerated() {
      let current = try #require(
        fixture.store.list().bookmarks.first { $0.bookmark.id == located.bookmark.id })
      try fixture.write(
        try fixture.read(current.path).replacingOccurrences(
          of: current.bookmark.url, with: url),
        to: current.path)
      _ = try fixture.store.commitHandEdits()
      _ = try fixture.store.add(
        AddRequest(url: url, title: "Step \(step)", updateExisting: true))
    }
    try fixture.store.remove("https://example.org/third")
    let paths = [
      "https://example.org/first", "https://example.org/second", "https://example.org/third",
    ].map(BookmarkPath.relativePath(forNormalizedURL:))
    let byGit = try fixture.git.runGit(["log", "--format=%H", "--"] + paths, in: fixture.root)
      .split(separator: "\n").map(String.init)
    let life = try fixture.store.history(HistoryFilter(bookmark: located.bookmark.id))
    #expect(life.map(\.commit) == byGit)
    #expect(life.count == 6)
    #expect(
      try fixture.store.resolveForHistory("https://example.org/second") == located.bookmark.id)
  }
}
