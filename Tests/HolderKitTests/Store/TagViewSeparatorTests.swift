import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

/// A tag segment that starts with a combining mark or a joiner: the `/` before it is one
/// Character with it, yet a separator for the tag and for the file system.
@Suite struct TagViewSeparatorTests {
  @Test func aSegmentStartingWithACombiningMarkGetsItsOwnFolder() throws {
    let fixture = try StoreFixture()
    let tag = "\u{031B}ab/\u{0330}cd/\u{200D}tag"
    let saved = try fixture.add("https://example.org/a", tags: [tag])
    let link =
      "tags/\u{031B}ab/\u{0330}cd/\u{200D}tag/example.org-"
      + saved.path.folderAndName.name
    let target = try FileManager.default.destinationOfSymbolicLink(
      atPath: fixture.root + "/" + link)
    #expect(target == "../../../../" + saved.path)
    #expect(try fixture.store.check().findings.isEmpty)
    try fixture.store.remove(saved.path)
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/tags/\u{031B}ab"))
  }
}
