import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreEditTests {
  @Test func fieldsChangeInOneCommitWithANewStamp() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/page", tags: ["later", "dev"])
    let outcome = try fixture.store.edit(
      "https://example.org/page",
      BookmarkEdit(title: "A page", note: "memo", addTags: ["reading"], removeTags: ["LATER"]))
    guard case .edited(let before, let after) = outcome else {
      Issue.record("expected an edit, got \(outcome)")
      return
    }
    #expect(before == located)
    #expect(after.path == located.path)
    #expect(after.bookmark.title == "A page")
    #expect(after.bookmark.note == "memo")
    #expect(after.bookmark.tags == ["dev", "reading"])
    #expect(after.bookmark.lastModified > located.bookmark.lastModified)
    #expect(try fixture.subjects().first == "Edit \"A page\"")
    #expect(try fixture.changedPaths() == [located.path])
    #expect(FileManager.default.fileExists(atPath: fixture.root + "/tags/reading"))
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/tags/later"))
    #expect(try fixture.status() == "")
    #expect(try fixture.store.check().findings.isEmpty)
    try fixture.fsck()
  }

  @Test func aNewURLMovesTheFileAndGitSeesARename() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/old", tags: ["t"])
    let outcome = try fixture.store.edit(
      located.bookmark.id.rawValue, BookmarkEdit(url: "example.org/new"))
    guard case .edited(_, let after) = outcome else {
      Issue.record("expected an edit")
      return
    }
    #expect(after.bookmark.url == "https://example.org/new")
    #expect(after.path == BookmarkPath.relativePath(forNormalizedURL: "https://example.org/new"))
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/" + located.path))
    let renames = try fixture.runGit("show", "-M", "--name-status", "--format=", "HEAD")
    #expect(renames.hasPrefix("R"))
    let links = try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/tags/t")
    #expect(links == [BookmarkPath.tagLinkName(forBookmarkPath: after.path)])
    #expect(try fixture.status() == "")
    #expect(try fixture.store.check().findings.isEmpty)
    try fixture.fsck()
  }

  @Test func aURLSavedAlreadyIsRefusedAndNothingChanges() throws {
    let fixture = try StoreFixture()
    let one = try fixture.add("https://example.org/one")
    let two = try fixture.add("https://example.org/two")
    let head = try fixture.runGit("rev-parse", "HEAD")
    #expect {
      try fixture.store.edit(one.path, BookmarkEdit(url: "https://example.org/two"))
    } throws: { error in
      guard case StoreError.bookmark(.urlInUse(_, let path)) = error else { return false }
      return path == two.path
    }
    #expect(try fixture.runGit("rev-parse", "HEAD") == head)
    #expect(try fixture.bytes(one.path) == BookmarkCodec.encode(one.bookmark))
    #expect(try fixture.status() == "")
  }

  @Test func anEditThatChangesNothingCommitsNothing() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/page", tags: ["t"])
    let outcome = try fixture.store.edit(located.path, BookmarkEdit(addTags: ["T"]))
    #expect(outcome == .unchanged(located))
    #expect(try fixture.subjects().count == 2)
  }

  @Test func aBadTagIsRefused() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/page")
    #expect(throws: StoreError.self) {
      try fixture.store.edit(located.path, BookmarkEdit(addTags: ["a/../b"]))
    }
    #expect(try fixture.subjects().count == 2)
  }
}
