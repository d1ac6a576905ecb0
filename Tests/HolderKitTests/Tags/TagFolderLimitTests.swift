import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

/// A tag segment is a folder under `tags/`: one over 255 bytes in UTF-8 could never get its
/// tag view, so it is refused where tags come in, with the limit in the message.
@Suite struct TagFolderLimitTests {
  static let longSegment = String(repeating: "가", count: 86)  // 258 bytes in UTF-8
  static let longTag = "dev/" + longSegment

  func message(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch {
      return (error as? LocalizedError)?.errorDescription ?? "\(error)"
    }
  }

  @Test func addAndEditRefuseASegmentTooLongForAFolder() throws {
    let fixture = try StoreFixture()
    let added = message { _ = try fixture.add("https://example.org/a", tags: [Self.longTag]) }
    #expect(added?.contains("255") == true, "\(added ?? "accepted")")
    #expect(fixture.store.snapshot().bookmarks.isEmpty)

    let saved = try fixture.add("https://example.org/b")
    var edit = BookmarkEdit()
    edit.addTags = [Self.longTag]
    let edited = message { _ = try fixture.store.edit(saved.path, edit) }
    #expect(edited?.contains("255") == true, "\(edited ?? "accepted")")
    #expect(try fixture.store.bookmark(atPath: saved.path).tags.isEmpty)
    // Exactly 255 bytes is a folder name.
    let fits = String(repeating: "가", count: 85)
    #expect(try fixture.add("https://example.org/c", tags: [fits]).bookmark.tags == [fits])
  }

  @Test func importSkipsAndCountsAnEntryWithSuchATag() throws {
    let fixture = try StoreFixture()
    let lines = [
      "{\"url\": \"https://example.org/long\", \"tags\": [\"\(Self.longTag)\"]}",
      "{\"url\": \"https://example.org/fine\", \"tags\": [\"dev\"]}",
    ]
    let report = try fixture.store.importBookmarks(
      Array(lines.joined(separator: "\n").utf8), options: ImportOptions(format: .jsonl))
    #expect(report.added == 1)
    #expect(report.skippedByReason == ["invalid-tag": 1])
    #expect(report.skipped.first?.outcome.word == "skipped")
    if case .skipped(let reason)? = report.skipped.first?.outcome {
      #expect(reason.description.contains("255"), "\(reason.description)")
    }
  }
}
