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
}
