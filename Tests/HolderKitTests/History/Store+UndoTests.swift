import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreUndoTests {
  @Test func undoTakesBackAnAddAnEditAndADeleteWithNewCommits() throws {
    let fixture = try StoreFixture()
    let kept = try fixture.add("https://example.org/kept", title: "Kept", tags: ["a"])
    let treeAfterKept = try fixture.runGit("rev-parse", "HEAD^{tree}")

    try fixture.add("https://example.org/extra", tags: ["b"])
    #expect(try fixture.store.undo().subject == "Add \"example.org/extra\"")
    #expect(try fixture.runGit("rev-parse", "HEAD^{tree}") == treeAfterKept)
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/tags/b"))

    try fixture.store.remove(kept.path)
    _ = try fixture.store.undo()
    let back = try fixture.store.bookmark(atPath: kept.path)
    #expect(back.title == "Kept")
    #expect(back.lastModified > kept.bookmark.lastModified)
    #expect(FileManager.default.fileExists(atPath: fixture.root + "/tags/a"))

    _ = try fixture.store.add(
      AddRequest(url: "https://example.org/kept", title: "Renamed", updateExisting: true))
    _ = try fixture.store.undo()
    #expect(try fixture.store.bookmark(atPath: kept.path).title == "Kept")

    #expect(
      try fixture.subjects().prefix(3) == [
        "Undo \"Update \"Renamed\"\"", "Update \"Renamed\"", "Undo \"Delete \"Kept\"\"",
      ])
    #expect(try fixture.status() == "")
    try fixture.fsck()
  }

  @Test func undoTwiceTakesTheUndoBack() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/x")
    _ = try fixture.store.undo()
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/" + located.path))
    _ = try fixture.store.undo()
    #expect(try fixture.store.bookmark(atPath: located.path).url == "https://example.org/x")
  }

  @Test func undoRefusesWhenThereIsNothingOrAHandEditWouldBeLost() throws {
    let fixture = try StoreFixture()
    #expect {
      try fixture.store.undo()
    } throws: { error in
      guard case StoreError.nothingToUndo = error else { return false }
      return true
    }
    let located = try fixture.add("https://example.org/x")
    try fixture.write(
      try fixture.read(located.path).replacingOccurrences(of: "example.org/x\",", with: "Mine\","),
      to: located.path)
    #expect {
      try fixture.store.undo()
    } throws: { error in
      guard case StoreError.uncommittedHandEdit = error else { return false }
      return true
    }
    #expect(try fixture.read(located.path).contains("Mine"))
  }

  @Test func undoTakesBackATagRenameAndATagDeletion() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://example.org/1", tags: ["ios", "keep"])
    try fixture.add("https://example.org/2", tags: ["ios/swiftui"])
    let before = try fixture.runGit("rev-parse", "HEAD^{tree}")
    _ = try fixture.store.renameTag("ios", to: "apple/ios")
    #expect(try fixture.subjects().first?.hasPrefix("Rename tag ios → apple/ios") == true)
    _ = try fixture.store.undo()
    let tags = fixture.store.list().bookmarks.flatMap(\.bookmark.tags).sorted()
    #expect(tags == ["ios", "ios/swiftui", "keep"])
    #expect(FileManager.default.fileExists(atPath: fixture.root + "/tags/ios/swiftui"))
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/tags/apple"))

    _ = try fixture.store.deleteTag("keep")
    _ = try fixture.store.undo()
    #expect(fixture.store.list().bookmarks.contains { $0.bookmark.tags.contains("keep") })
    #expect(try fixture.runGit("rev-parse", "HEAD^{tree}") != before, "lastModified is new")
    #expect(try fixture.status() == "")
    try fixture.fsck()
  }

  @Test func aBookmarkChangedByASyncIsRestoredFromTheOtherSide() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/p", title: "Mine")
    try fixture.addBareRemote()
    let other = try fixture.cloneStore(
      "other", start: Timestamp(millisecondsSince1970: 1_763_716_500_000))
    _ = try other.add(
      AddRequest(url: "https://example.org/p", title: "Theirs", updateExisting: true))
    _ = try other.sync()
    _ = try fixture.store.sync()
    #expect(try fixture.store.bookmark(atPath: located.path).title == "Theirs")
    _ = try fixture.store.restore(located.path, at: .revision("HEAD~1"))
    #expect(try fixture.store.bookmark(atPath: located.path).title == "Mine")
    #expect(try fixture.status() == "")
  }
}
