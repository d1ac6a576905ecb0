import Foundation
import HolderCore
import HolderKit
import HolderTestSupport
import Testing

/// A title, tag, URL or file name quoted in a commit message never brings a terminal escape
/// into git's history: `git log` would otherwise send it to whoever reads the log.
@Suite struct CommitMessageControlTests {
  static let retitle = "\u{1B}]0;pwned\u{07}Docs\u{9B}2J\u{7F}"

  /// Every scalar of the message that a terminal would act on (C0 but the line feed, DEL, C1).
  func controls(in message: String) -> [UInt32] {
    message.unicodeScalars.map(\.value).filter {
      ($0 < 0x20 && $0 != 0x0A) || (0x7F...0x9F).contains($0)
    }
  }

  func lastMessage(_ fixture: StoreFixture) throws -> String {
    try fixture.runGit("log", "-1", "--format=%B")
  }

  @Test func aTitleWithEscapesIsNeutralisedInSubjectAndBodyButKeptInTheFile() throws {
    let fixture = try StoreFixture()
    let first = try fixture.add("https://example.org/a", title: Self.retitle)
    var message = try lastMessage(fixture)
    #expect(controls(in: message).isEmpty, "\(message.debugDescription)")
    #expect(message.hasPrefix("Add \""))
    #expect(message.contains("Docs"))
    // The bookmark file keeps the title as typed.
    #expect(try fixture.store.bookmark(atPath: first.path).title == Self.retitle)

    let second = try fixture.add("https://example.org/b", title: "Tab\there\u{1B}[31m")
    _ = try fixture.store.setFavorite([first.path, second.path], to: true)
    message = try lastMessage(fixture)
    #expect(controls(in: message).isEmpty, "\(message.debugDescription)")
    #expect(message.contains("- \""))

    _ = try fixture.store.remove(first.path)
    message = try lastMessage(fixture)
    #expect(controls(in: message).isEmpty, "\(message.debugDescription)")
    try fixture.fsck()
  }

  @Test func anImportedFileNameWithEscapesIsNeutralised() throws {
    let fixture = try StoreFixture()
    let bytes = Array("{\"url\": \"https://example.org/c\"}\n".utf8)
    let report = try fixture.store.importBookmarks(
      bytes, options: ImportOptions(sourceName: "evil\u{1B}]0;x\u{07}.jsonl"))
    #expect(report.added == 1)
    let message = try lastMessage(fixture)
    #expect(controls(in: message).isEmpty, "\(message.debugDescription)")
    #expect(message.hasPrefix("Import 1 bookmark from evil"))
  }
}
