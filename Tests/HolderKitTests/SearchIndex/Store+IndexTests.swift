import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreIndexTests {
  private func titles(_ index: BookmarkIndex) -> [String] {
    index.bookmarks.map(\.bookmark.title).sorted()
  }

  private func makeStore() throws -> (StoreFixture, [LocatedBookmark]) {
    let fixture = try StoreFixture()
    let made = [
      try fixture.add("https://github.com/swiftlang/swift", title: "Swift", tags: ["dev/swift"]),
      try fixture.add("https://ko.wikipedia.org/wiki/서울", title: "서울", tags: ["여행"]),
      try fixture.add("https://ja.wikipedia.org/wiki/東京", title: "東京", note: "とうきょう"),
    ]
    try fixture.backdateBookmarkFiles()
    return (fixture, made)
  }

  @Test func readsEachFileOnceThenOnlyWhatChanged() throws {
    let (fixture, _) = try makeStore()
    let first = fixture.store.bookmarkIndex()
    #expect(first.refresh.rebuilt)
    #expect(first.refresh.filesRead == 3)
    #expect(titles(first) == ["Swift", "東京", "서울"])
    let second = fixture.store.bookmarkIndex()
    #expect(!second.refresh.rebuilt)
    #expect(second.refresh.filesRead == 0)
    #expect(second.bookmarks == first.bookmarks)
  }

  @Test func aHandEditIsSeenAtOnce() throws {
    let (fixture, made) = try makeStore()
    _ = fixture.store.bookmarkIndex()
    // Same length, so only the stamp's times and the racy-file rule can tell.
    let edited = try fixture.read(made[0].path).replacingOccurrences(
      of: "\"title\": \"Swift\"", with: "\"title\": \"Swaft\"")
    try fixture.write(edited, to: made[0].path)
    let index = fixture.store.bookmarkIndex()
    #expect(titles(index) == ["Swaft", "東京", "서울"])
    #expect(index.refresh.filesRead == 1)
    let query = try QueryParser.parse("swaft")
    #expect(index.search(query).map(\.path) == [made[0].path])
  }

  @Test func aNewFileInANewFolderAndADeletedFileAreSeen() throws {
    let (fixture, made) = try makeStore()
    _ = fixture.store.bookmarkIndex()
    let copy = try fixture.read(made[0].path)
      .replacingOccurrences(of: "https://github.com/swiftlang/swift", with: "https://new.example/x")
      .replacingOccurrences(
        of: "00000000-0000-4000-8000-000000000001", with: "00000000-0000-4000-8000-0000000000ff")
    try fixture.write(copy, to: "bookmarks/n/new.example/x-aaaaaaaa.json")
    try FileManager.default.removeItem(atPath: fixture.root + "/" + made[1].path)
    let index = fixture.store.bookmarkIndex()
    #expect(index.bookmarks.map(\.path).contains("bookmarks/n/new.example/x-aaaaaaaa.json"))
    #expect(!index.bookmarks.map(\.path).contains(made[1].path))
    #expect(index.refresh.filesRead == 1)
  }

  @Test func aGitPullIsSeen() throws {
    let (fixture, made) = try makeStore()
    _ = fixture.store.bookmarkIndex()
    let clone = fixture.git.path("clone")
    try fixture.git.runGit(["clone", "-q", fixture.root, clone], in: fixture.git.path(""))
    let retitled = try fixture.read(made[1].path).replacingOccurrences(
      of: "\"title\": \"서울\"", with: "\"title\": \"서울특별시\"")
    try Data(retitled.utf8).write(to: URL(fileURLWithPath: clone + "/" + made[1].path))
    try fixture.git.runGit(["rm", "-q", made[2].path], in: clone)
    try fixture.git.runGit(["commit", "-qam", "Retitle and remove"], in: clone)
    try fixture.runGit("pull", "-q", "--ff-only", clone, "main")
    let index = fixture.store.bookmarkIndex()
    #expect(titles(index) == ["Swift", "서울특별시"])
    #expect(index.refresh.pathsFromCommits == 2)
  }

  @Test func aCheckoutOfAnOlderCommitIsSeen() throws {
    let (fixture, _) = try makeStore()
    _ = fixture.store.bookmarkIndex()
    try fixture.runGit("checkout", "-q", "HEAD~1")
    #expect(titles(fixture.store.bookmarkIndex()) == ["Swift", "서울"])
    try fixture.runGit("checkout", "-q", "main")
    #expect(titles(fixture.store.bookmarkIndex()) == ["Swift", "東京", "서울"])
  }

  @Test func deletingTheCacheOrBreakingItRebuildsIt() throws {
    let (fixture, _) = try makeStore()
    _ = fixture.store.bookmarkIndex()
    try FileManager.default.removeItem(atPath: fixture.root + "/.holder/local")
    let rebuilt = fixture.store.bookmarkIndex()
    #expect(rebuilt.refresh.rebuilt)
    #expect(titles(rebuilt) == ["Swift", "東京", "서울"])
    try fixture.write("holder-git index 2\ngarbage", to: ".holder/local/index-v2")
    let again = fixture.store.bookmarkIndex()
    #expect(again.refresh.rebuilt)
    #expect(titles(again) == ["Swift", "東京", "서울"])
    // A file cut short anywhere (a disk that filled, a copy interrupted) is never trusted.
    let whole = try fixture.bytes(".holder/local/index-v2")
    for length in [whole.count / 3, whole.count / 2, whole.count - 1] {
      try Data(whole.prefix(length)).write(
        to: URL(fileURLWithPath: fixture.root + "/.holder/local/index-v2"))
      let cut = try Store.open(at: fixture.root).bookmarkIndex()
      #expect(cut.refresh.rebuilt)
      #expect(titles(cut) == ["Swift", "東京", "서울"])
    }
    // The first version's file is removed once this one is written: it only took space.
    try fixture.write("holder-git index 1\n", to: ".holder/local/index-v1")
    try fixture.write("x", to: ".holder/local/index-v2")
    _ = try Store.open(at: fixture.root).bookmarkIndex()
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/.holder/local/index-v1"))
  }

  /// Every part of the index file overwritten with bytes that cannot be right: nothing crashes.
  ///
  /// Each part keeps its size, so the header still agrees: a search, a tag listing and a name never crash, and the
  /// bookmark files are untouched. Parts read at once refuse the file; parts read on first use
  /// give safe empty answers.
  @Test func aDamagedPartReadLaterNeverCrashes() throws {
    let (fixture, made) = try makeStore()
    _ = fixture.store.bookmarkIndex()
    let file = fixture.root + "/.holder/local/index-v2"
    let original = try fixture.bytes(".holder/local/index-v2")
    func number(_ bytes: [UInt8], at start: Int) -> Int {
      (0..<8).reversed().reduce(0) { $0 << 8 | Int(bytes[start + $1]) }
    }
    for section in 0..<29 {
      var damaged = original
      let offset = number(original, at: 80 + 16 * section)
      let size = number(original, at: 88 + 16 * section)
      for position in offset..<(offset + size) { damaged[position] = 0xFF }
      try Data(damaged).write(to: URL(fileURLWithPath: file))
      let store = try Store.open(at: fixture.root)
      let index = store.bookmarkIndex()
      _ = index.search(try QueryParser.parse("swift tag:dev"))
      _ = index.list(ListFilter(tag: "dev", favoritesOnly: true))
      _ = index.bookmarks(withIDPrefix: String(made[0].bookmark.id.rawValue.prefix(6)))
      _ = index.tags(order: [])
      #expect(index.count == made.count, "section \(section)")
    }
    #expect(try fixture.status().isEmpty)
  }

  @Test func aBrokenFileIsReportedAndTheRestIndexed() throws {
    let (fixture, made) = try makeStore()
    _ = fixture.store.bookmarkIndex()
    let original = try fixture.read(made[0].path)
    try fixture.write(
      original.replacingOccurrences(of: "\"url\"", with: ",\"url\""), to: made[0].path)
    let broken = fixture.store.bookmarkIndex()
    #expect(titles(broken) == ["東京", "서울"])
    #expect(broken.problems.map(\.path) == [made[0].path])
    #expect(broken.problems.first?.message.contains("line 3") == true)
    // Still reported when read from the cache, without reading the file again.
    try fixture.backdateBookmarkFiles()
    _ = fixture.store.bookmarkIndex()
    let cached = fixture.store.bookmarkIndex()
    #expect(cached.problems.map(\.path) == [made[0].path])
    #expect(cached.refresh.filesRead == 0)
    try fixture.write(original, to: made[0].path)
    #expect(titles(fixture.store.bookmarkIndex()) == ["Swift", "東京", "서울"])
  }

  @Test func aFileMadeUnreadableIsNeverAnsweredFromTheCache() throws {
    let (fixture, made) = try makeStore()
    _ = fixture.store.bookmarkIndex()
    let path = fixture.root + "/" + made[2].path
    try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path) }
    let index = fixture.store.bookmarkIndex()
    if getuid() == 0 {
      // root reads any file: the file is read again and still answers.
      #expect(titles(index) == ["Swift", "東京", "서울"])
    } else {
      #expect(titles(index) == ["Swift", "서울"])
      #expect(index.problems.map(\.path) == [made[2].path])
    }
    // A file replaced by something that is not a regular file is refused for everyone.
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/etc/passwd")
    let linked = fixture.store.bookmarkIndex()
    #expect(titles(linked) == ["Swift", "서울"])
    #expect(linked.problems.map(\.path) == [made[2].path])
  }

  @Test func theCacheKeepsEveryField() throws {
    let (fixture, made) = try makeStore()
    let full = try fixture.read(made[0].path).replacingOccurrences(
      of: "\n}\n",
      with: """
        ,
          "metadata": {
            "description": "Crème brûlée",
            "fetched": "2026-11-21T09:14:04.002Z",
            "title": "GitHub",
            "x-mine": [1.50, null]
          },
          "zz-own": {"b": true, "a": "한"}
        }

        """)
    try fixture.write(full, to: made[0].path)
    try fixture.backdateBookmarkFiles()
    let first = fixture.store.bookmarkIndex()
    let second = fixture.store.bookmarkIndex()
    #expect(second.refresh.filesRead == 0)
    #expect(second.bookmarks == first.bookmarks)
    let bookmark = try #require(second.bookmarks.first { $0.path == made[0].path }?.bookmark)
    #expect(bookmark.metadata?.description == "Crème brûlée")
    #expect(bookmark.extra["zz-own"] != nil)
    #expect(second.search(try QueryParser.parse("creme")).map(\.path) == [made[0].path])
  }

  @Test func filesOutsideHostFoldersAreReportedNeverRead() throws {
    let (fixture, made) = try makeStore()
    _ = fixture.store.bookmarkIndex()
    let bookmark = try fixture.read(made[0].path)
    try fixture.write(bookmark, to: "bookmarks/stray.json")
    try fixture.write(bookmark, to: "bookmarks/g/stray.json")
    try fixture.write("notes", to: "bookmarks/g/github.com/notes.txt")
    let index = fixture.store.bookmarkIndex()
    #expect(titles(index) == ["Swift", "東京", "서울"])
    #expect(
      index.problems.map(\.path) == [
        "bookmarks/g/github.com/notes.txt", "bookmarks/g/stray.json", "bookmarks/stray.json",
      ])
    #expect(index.problems.last?.message.contains("not in a host folder") == true)
  }
}
