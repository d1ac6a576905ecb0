import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreEditSessionTests {
  @Test func aValidDraftIsCommittedCanonicallyWithANewStamp() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/page")
    let draft = try fixture.store.beginEdit(located.path)
    let text = try String(contentsOfFile: draft.path, encoding: .utf8)
    let edited = text.replacingOccurrences(
      of: "\"title\": \"example.org/page\"", with: "\"title\":   \"Edited\", \"mine\": 1")
    try Data(edited.utf8).write(to: URL(fileURLWithPath: draft.path))
    let outcome = try fixture.store.finishEdit(draft)
    guard case .edited(_, let after) = outcome else {
      Issue.record("expected an edit")
      return
    }
    #expect(after.bookmark.title == "Edited")
    #expect(after.bookmark.extra["mine"] == .number("1"))
    #expect(after.bookmark.lastModified > located.bookmark.lastModified)
    #expect(BookmarkCodec.isCanonical(try fixture.bytes(located.path)))
    #expect(!FileManager.default.fileExists(atPath: draft.path))
    #expect(try fixture.subjects().first == "Edit \"Edited\"")
    #expect(try fixture.status() == "")
    try fixture.fsck()
  }

  @Test func aBrokenDraftSaysWhereAndLeavesTheFileAlone() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/page")
    let before = try fixture.bytes(located.path)
    let draft = try fixture.store.beginEdit(located.path)
    let text = try String(contentsOfFile: draft.path, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "\"favorite\": false,", with: "\"favorite\": no,").utf8)
      .write(to: URL(fileURLWithPath: draft.path))
    #expect {
      try fixture.store.finishEdit(draft)
    } throws: { error in
      guard case StoreError.bookmark(.brokenFile(let problem)) = error else { return false }
      return problem.line == 6 && problem.column == 15 && problem.file == located.path
    }
    #expect(FileManager.default.fileExists(atPath: draft.path))
    fixture.store.discardEdit(draft)
    #expect(!FileManager.default.fileExists(atPath: draft.path))
    #expect(try fixture.bytes(located.path) == before)
    #expect(try fixture.subjects().count == 2)
    #expect(try fixture.status() == "")
  }

  @Test func aBadURLOrAChangedIDIsPlacedOnItsLine() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/page")
    let draft = try fixture.store.beginEdit(located.path)
    let text = try String(contentsOfFile: draft.path, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "https://example.org/page", with: "http://").utf8)
      .write(to: URL(fileURLWithPath: draft.path))
    #expect {
      try fixture.store.finishEdit(draft)
    } throws: { error in
      guard case StoreError.bookmark(.brokenFile(let problem)) = error else { return false }
      return problem.line == 3
    }
    try Data(text.replacingOccurrences(of: "-4000-", with: "-4001-").utf8)
      .write(to: URL(fileURLWithPath: draft.path))
    #expect {
      try fixture.store.finishEdit(draft)
    } throws: { error in
      guard case StoreError.bookmark(.brokenFile(let problem)) = error else { return false }
      return problem.line == 2 && problem.message.contains("the id cannot change")
    }
    fixture.store.discardEdit(draft)
  }

  @Test func aFileChangedMeanwhileIsNotOverwritten() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/page")
    let draft = try fixture.store.beginEdit(located.path)
    _ = try fixture.store.edit(located.path, BookmarkEdit(title: "Other"))
    #expect(throws: StoreError.self) { try fixture.store.finishEdit(draft) }
    #expect(try fixture.subjects().first == "Edit \"Other\"")
    fixture.store.discardEdit(draft)
  }

  @Test func aDraftWithASavedURLIsKeptForAnotherTry() throws {
    let fixture = try StoreFixture()
    let located = try fixture.add("https://example.org/a")
    let other = try fixture.add("https://example.org/b")
    let draft = try fixture.store.beginEdit(located.path)
    let text = try String(contentsOfFile: draft.path, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "example.org/a", with: "example.org/b").utf8)
      .write(to: URL(fileURLWithPath: draft.path))
    #expect {
      try fixture.store.finishEdit(draft)
    } throws: { error in
      guard case StoreError.bookmark(.urlInUse(_, let path)) = error else { return false }
      return path == other.path
    }
    #expect(FileManager.default.fileExists(atPath: draft.path))
    try Data(text.replacingOccurrences(of: "example.org/a", with: "example.org/c").utf8)
      .write(to: URL(fileURLWithPath: draft.path))
    guard case .edited(_, let after) = try fixture.store.finishEdit(draft) else {
      Issue.record("expected an edit")
      return
    }
    #expect(after.bookmark.url == "https://example.org/c")
    #expect(!FileManager.default.fileExists(atPath: draft.path))
    #expect(try fixture.status() == "")
    #expect(try fixture.store.check().findings.isEmpty)
  }
}
