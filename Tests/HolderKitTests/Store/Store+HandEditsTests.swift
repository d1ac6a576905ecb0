import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreHandEditsTests {
  /// Replaces the title line of a bookmark file and adds a field of the user's own.
  func editByHand(_ fixture: StoreFixture, _ located: LocatedBookmark, title: String) throws {
    let text = try fixture.read(located.path)
    let edited = text.replacingOccurrences(
      of: "\"title\": \"\(located.bookmark.title)\",",
      with: "\"title\": \"\(title)\",\n  \"myRating\": 5,")
    #expect(edited != text)
    try fixture.write(edited, to: located.path)
  }

  @Test func readingSeesAHandEditAtOnce() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/page")
    try editByHand(fixture, located, title: "Edited by hand")
    #expect(fixture.store.list().bookmarks.map(\.bookmark.title) == ["Edited by hand"])
  }

  @Test func commitTakesInTheEditStampsItAndKeepsOwnFields() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/page")
    try editByHand(fixture, located, title: "Edited by hand")
    let other = try fixture.add("https://example.org/other")
    #expect(try fixture.changedPaths() == [other.path])

    let outcome = try fixture.store.commitHandEdits()
    #expect(outcome.edited.map(\.path) == [located.path])
    #expect(outcome.problems.isEmpty)
    let committed = try BookmarkCodec.decode(try fixture.bytes(located.path), file: located.path)
    #expect(committed.title == "Edited by hand")
    #expect(committed.extra["myRating"] == .number("5"))
    #expect(committed.lastModified > located.bookmark.lastModified)
    #expect(BookmarkCodec.isCanonical(try fixture.bytes(located.path)))
    #expect(try fixture.subjects().first == "Edit \"Edited by hand\" by hand")
    #expect(try fixture.changedPaths() == [located.path])
    #expect(try fixture.status() == "")
    try fixture.fsck()
  }

  @Test func aBrokenFileIsReportedWithLineAndColumnAndLeftUntouched() throws {
    let fixture = try StoreFixture()
    let good = try fixture.add("https://example.org/good")
    let bad = try fixture.add("https://example.org/bad")
    let broken = try fixture.read(bad.path).replacingOccurrences(
      of: "\"favorite\": false,", with: "\"favorite\": false,,")
    try fixture.write(broken, to: bad.path)

    let listing = fixture.store.list()
    #expect(listing.bookmarks.map(\.path) == [good.path])
    #expect(listing.problems.count == 1)
    let message = try #require(listing.problems.first?.message)
    #expect(message.contains("'\(bad.path)'"))
    #expect(message.contains("line 6, column 21"))

    let outcome = try fixture.store.commitHandEdits()
    #expect(outcome.isEmpty)
    #expect(outcome.problems.map(\.path) == [bad.path])
    #expect(try fixture.read(bad.path) == broken)
    #expect(try fixture.subjects().count == 3)
  }

  @Test func aFileDeletedByHandIsCommittedAsADeletion() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/page", tags: ["t"])
    try FileManager.default.removeItem(atPath: fixture.root + "/" + located.path)
    let outcome = try fixture.store.commitHandEdits()
    #expect(outcome.deleted == [located.path])
    #expect(try fixture.subjects().first == "Delete '\(located.path)' by hand")
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/tags/t"))
    #expect(try fixture.status() == "")
  }

  @Test func aURLEditedByHandMovesTheFile() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/old")
    let text = try fixture.read(located.path).replacingOccurrences(
      of: "https://example.org/old", with: "https://example.org/new")
    try fixture.write(text, to: located.path)
    let outcome = try fixture.store.commitHandEdits()
    let newPath = BookmarkPath.relativePath(forNormalizedURL: "https://example.org/new")
    #expect(outcome.edited.map(\.path) == [newPath])
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/" + located.path))
    #expect(try fixture.status() == "")
    #expect(try fixture.runGit("show", "-M", "--name-status", "--format=").hasPrefix("R"))
  }

  @Test func nothingToTakeInCommitsNothing() throws {
    let fixture = try StoreFixture()
    try fixture.add("https://example.org/page")
    #expect(try fixture.store.commitHandEdits().isEmpty)
    #expect(try fixture.subjects().count == 2)
  }

  @Test func removeRefusesToDropAnUncommittedHandEdit() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/page")
    try editByHand(fixture, located, title: "Precious")
    #expect {
      try fixture.store.remove(located.path)
    } throws: { error in
      guard case StoreError.write(.uncommittedHandEdit) = error else { return false }
      return true
    }
    #expect(try fixture.read(located.path).contains("Precious"))
  }

  @Test func leftoverTemporaryFilesAreNotEditsAndStrangeFilesAreReported() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/page")
    let folder = String(located.path[..<(located.path.lastIndex(of: "/") ?? located.path.endIndex)])
    try fixture.write("{", to: folder + "/.page.json.tmp-1-2")
    try fixture.write("notes", to: folder + "/notes.txt")
    let outcome = try fixture.store.commitHandEdits()
    #expect(outcome.isEmpty)
    #expect(outcome.problems.map(\.path) == [folder + "/notes.txt"])
    #expect(try fixture.subjects().count == 2)
  }
}
