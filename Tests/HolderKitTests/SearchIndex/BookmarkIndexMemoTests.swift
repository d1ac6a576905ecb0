import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

/// A long-lived program's index kept in memory (`Store.bookmarkIndexMemo`): it sees every change the
/// cache file would (a hand edit in the same second, a new file, a deletion, a git pull, a
/// write of another Store sharing it), and it is what a Store without it reads.
@Suite struct IndexMemoTests {
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

  /// What a Store that keeps nothing in memory finds now.
  private func fromTheFiles(_ fixture: StoreFixture) throws -> [LocatedBookmark] {
    let fresh = try Store.open(at: fixture.root)
    return fresh.bookmarkIndex().bookmarks
  }

  @Test func keepsTheIndexWithoutTheFileAndSeesEveryChange() throws {
    let (fixture, made) = try makeStore()
    let memo = BookmarkIndexMemo()
    fixture.store.bookmarkIndexMemo = memo
    _ = fixture.store.bookmarkIndex()
    // Without the file, the memory still knows every bookmark: nothing is read again.
    try? FileManager.default.removeItem(atPath: fixture.root + "/.holder/local/index-v2")
    let again = fixture.store.bookmarkIndex()
    #expect(!again.refresh.rebuilt && again.refresh.filesRead == 0)
    #expect(again.bookmarks == (try fromTheFiles(fixture)))

    // A hand edit, then another of the same length in the same second: the memory does not
    // trust the stamp of a file changed that recently.
    for (old, new) in [("Swift", "Swaft"), ("Swaft", "Swoft")] {
      let edited = try fixture.read(made[0].path).replacingOccurrences(
        of: "\"title\": \"\(old)\"", with: "\"title\": \"\(new)\"")
      try fixture.write(edited, to: made[0].path)
      #expect(fixture.store.bookmarkIndex().bookmarks.contains { $0.bookmark.title == new })
    }

    // A new file in a new folder, and a deleted one.
    let copy = try fixture.read(made[0].path)
      .replacingOccurrences(of: "https://github.com/swiftlang/swift", with: "https://new.example/x")
      .replacingOccurrences(
        of: made[0].bookmark.id.rawValue, with: "00000000-0000-4000-8000-0000000000ff")
    try fixture.write(copy, to: "bookmarks/n/new.example/x-aaaaaaaa.json")
    try FileManager.default.removeItem(atPath: fixture.root + "/" + made[1].path)
    let changed = fixture.store.bookmarkIndex()
    #expect(changed.bookmarks == (try fromTheFiles(fixture)))
    #expect(changed.bookmarks.map(\.path).contains("bookmarks/n/new.example/x-aaaaaaaa.json"))
    #expect(!changed.bookmarks.map(\.path).contains(made[1].path))

    // Another Store sharing the memory (the web app's watcher) sees the same.
    let other = try Store.open(at: fixture.root)
    other.bookmarkIndexMemo = memo
    #expect(other.bookmarkIndex().bookmarks == changed.bookmarks)
  }

  @Test func seesAGitPull() throws {
    let (fixture, made) = try makeStore()
    fixture.store.bookmarkIndexMemo = BookmarkIndexMemo()
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
    #expect(index.bookmarks.map(\.bookmark.title).sorted() == ["Swift", "서울특별시"])
    #expect(index.bookmarks == (try fromTheFiles(fixture)))
  }
}
