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
}
