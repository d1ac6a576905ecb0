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
        "Undo: Update \"Renamed\"", "Update \"Renamed\"", "Undo: Delete \"Kept\"",
      ])
    #expect(try fixture.status() == "")
    try fixture.fsck()
  }

  @Test func undoGoesBackOneStepAtATimeAndRedoPutsBackWhatItTook() throws {
    let fixture = try StoreFixture()
    let first = try fixture.add("https://example.org/1", title: "One")
    let second = try fixture.add("https://example.org/2", title: "Two")
    try fixture.store.remove([first.path, second.path])
    #expect(try fixture.store.undo(dryRun: true).subject == "Delete 2 bookmarks")

    #expect(try fixture.store.undo().subject == "Delete 2 bookmarks")
    #expect(fixture.store.list().bookmarks.count == 2, "one undo brings back one rm")
    #expect(try fixture.store.undo().subject == "Add \"Two\"")
    #expect(try fixture.store.undo().subject == "Add \"One\"")
    #expect(fixture.store.list().bookmarks.isEmpty)
    #expect(throws: StoreError.self) { try fixture.store.undo() }

    #expect(try fixture.store.redo(dryRun: true).subject == "Add \"One\"")
    #expect(try fixture.store.redo().subject == "Add \"One\"")
    #expect(try fixture.store.redo().subject == "Add \"Two\"")
    #expect(fixture.store.list().bookmarks.map(\.bookmark.title).sorted() == ["One", "Two"])
    // The latest change not yet taken back is now the redo of "Add Two".
    #expect(try fixture.store.undo().subject == "Redo: Add \"Two\"")
    #expect(fixture.store.list().bookmarks.map(\.bookmark.title) == ["One"])
    #expect(
      try fixture.subjects().prefix(6) == [
        "Undo: Add \"Two\"", "Redo: Add \"Two\"", "Redo: Add \"One\"", "Undo: Add \"One\"",
        "Undo: Add \"Two\"", "Undo: Delete 2 bookmarks",
      ])

    // A new change ends what can be redone.
    try fixture.add("https://example.org/3", title: "Three")
    #expect(throws: StoreError.self) { try fixture.store.redo(dryRun: true) }
    #expect(throws: StoreError.self) { try fixture.store.redo() }
    #expect(try fixture.status() == "")
    try fixture.fsck()
  }

  @Test func undoAndRedoReadTheSameStepsOnAClone() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://example.org/a", title: "A")
    try fixture.add("https://example.org/b", title: "B")
    _ = try fixture.store.undo()
    try fixture.addBareRemote()
    _ = try fixture.store.sync()
    let other = try fixture.cloneStore(
      "other", start: Timestamp(millisecondsSince1970: 1_763_716_500_000))
    #expect(try other.redo(dryRun: true).subject == "Add \"B\"")
    #expect(try other.undo(dryRun: true).subject == "Add \"A\"")
    _ = try other.undo()
    _ = try other.sync()
    _ = try fixture.store.sync()
    #expect(fixture.store.list().bookmarks.isEmpty)
    #expect(try fixture.store.redo().subject == "Add \"A\"")
    #expect(fixture.store.list().bookmarks.map(\.bookmark.title) == ["A"])
    #expect(try fixture.store.redo().subject == "Add \"B\"")
    #expect(fixture.store.list().bookmarks.count == 2)
  }

  @Test func undoPassesOverASyncMergeAndKeepsTheOtherSidesLaterEdits() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/p", title: "Mine", tags: ["a"])
    try fixture.addBareRemote()
    // The other machine's clock is an hour ahead: its change is the latest.
    let other = try fixture.cloneStore(
      "other", start: Timestamp(millisecondsSince1970: 1_763_720_000_000))
    _ = try fixture.store.edit(located.path, BookmarkEdit(addTags: ["mine"]))
    _ = try other.add(
      AddRequest(url: "https://example.org/p", note: "theirs", updateExisting: true))
    _ = try other.sync()
    _ = try fixture.store.sync()
    let merge = try fixture.runGit("rev-list", "--parents", "-n1", "HEAD")
    #expect(merge.split(separator: " ").count == 3)
    // The latest change is the other side's note (a merge is no step of its own).
    _ = try fixture.store.undo()
    let after = try fixture.store.bookmark(atPath: located.path)
    #expect(after.note == "")
    #expect(after.tags.contains("mine"), "the tag added here stays")
    _ = try fixture.store.undo()
    #expect(try fixture.store.bookmark(atPath: located.path).tags == ["a"])
    #expect(try fixture.status() == "")
  }

  @Test func undoRefusesWhenThereIsNothingOrAHandEditWouldBeLost() throws {
    let fixture = try StoreFixture()
    #expect {
      try fixture.store.undo()
    } throws: { error in
      guard case StoreError.history(.nothingToUndo) = error else { return false }
      return true
    }
    let located = try fixture.add("https://example.org/x")
    try fixture.write(
      try fixture.read(located.path).replacingOccurrences(of: "example.org/x\",", with: "Mine\","),
      to: located.path)
    #expect {
      try fixture.store.undo()
    } throws: { error in
      guard case StoreError.write(.uncommittedHandEdit) = error else { return false }
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
