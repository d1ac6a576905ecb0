import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

@Suite struct StoreAddManyTests {
  @Test func manyLinksAreOneCommitWithAResultEach() throws {
    let fixture = try StoreFixture()
    let saved = try fixture.add("https://example.org/saved")
    let results = try fixture.store.addMany([
      AddRequest(url: "example.org/a", title: "A", tags: ["in"]),
      AddRequest(url: "https://example.org/saved"),
      AddRequest(url: "javascript:alert(1)"),
      AddRequest(url: "HTTPS://Example.org/a"),
      AddRequest(url: "https://example.org/b", tags: ["bad/../tag"]),
      AddRequest(url: "https://example.org/c"),
    ])
    let kinds = results.map { result -> String in
      switch result {
      case .added: return "added"
      case .updated: return "updated"
      case .alreadySaved: return "saved"
      case .refused: return "refused"
      }
    }
    #expect(kinds == ["added", "saved", "refused", "saved", "refused", "added"])
    if case .alreadySaved(let located) = results[1] { #expect(located == saved) }
    #expect(try fixture.subjects().first == "Add 2 bookmarks")
    #expect(try fixture.changedPaths().count == 2)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/tags/in").count == 1)
    #expect(try fixture.status() == "")
    #expect(try fixture.store.check().findings.isEmpty)
    try fixture.fsck()
  }

  @Test func updateExistingMergesIntoLinksSavedBefore() throws {
    let fixture = try StoreFixture()
    let saved = try fixture.add("https://example.org/saved", tags: ["old"])
    let edited = try fixture.add("https://example.org/edited", title: "Edited")
    try fixture.write(
      try fixture.read(edited.path).replacingOccurrences(of: "Edited", with: "Edited by hand"),
      to: edited.path)
    let results = try fixture.store.addMany([
      AddRequest(url: "https://example.org/saved", tags: ["new"], updateExisting: true),
      AddRequest(url: "https://example.org/fresh", tags: ["new"], updateExisting: true),
      AddRequest(url: "https://example.org/edited", tags: ["new"], updateExisting: true),
    ])
    guard case .updated(let updated) = results[0] else {
      Issue.record("not updated: \(results[0])")
      return
    }
    #expect(updated.path == saved.path)
    #expect(updated.bookmark.tags == ["new", "old"])
    #expect(updated.bookmark.lastModified > saved.bookmark.lastModified)
    if case .added = results[1] {} else { Issue.record("not added: \(results[1])") }
    if case .refused = results[2] {} else { Issue.record("hand edit not refused: \(results[2])") }
    #expect(try fixture.subjects().first == "Add 1 bookmark, update 1 bookmark")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: fixture.root + "/tags/new").count == 2)

    let again = try fixture.store.addMany([
      AddRequest(url: "https://example.org/saved", tags: ["new"], updateExisting: true)
    ])
    if case .alreadySaved = again[0] {} else { Issue.record("changed again: \(again[0])") }
    #expect(try fixture.subjects().first == "Add 1 bookmark, update 1 bookmark")
    try fixture.fsck()
  }
}
