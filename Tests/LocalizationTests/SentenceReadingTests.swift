import Foundation
import Testing

@testable import Localization

/// Library sentences put back into the reader's language when their values are sentences too,
/// and the audit that finds what a reader would get in English.
@Suite struct SentenceReadingTests {
  let korean = Catalog.shared(.korean)

  /// A value may hold the text between two places of its key: the reading whose values are
  /// messages themselves wins over the first split.
  @Test func aValueHoldingAPieceOfItsKeyIsReadWhole() {
    let sentence =
      "Finished an interrupted operation: Rename tag a → b (3 bookmarks) (4 files brought up to date)"
    let said = korean.translating(sentence)
    #expect(said.contains("북마크 3개") && said.contains("파일 4개"), "\(said)")
    #expect(korean.untranslated(in: sentence, depth: 0) == nil)
  }

  /// A change's fields, joined by `; `, are each put into the language; quotes keep theirs.
  @Test func clausesJoinedBySemicolonsAreEachTranslated() {
    let said = korean.translating("title: \"a; b\" → \"c\"; note added; tags: +x −y")
    #expect(said.contains("\"a; b\""), "\(said)")
    #expect(!said.contains("note added") && !said.contains("tags:"), "\(said)")
  }

  /// English a reader would meet is found; names, links, commands and numbers are not.
  @Test func theAuditFindsEnglishAndLeavesData() {
    #expect(korean.untranslated(in: "early EOF while reading", depth: 0) != nil)
    #expect(
      korean.untranslated(in: "'/tmp/x' answered 404 Not Found", depth: 0) == nil,
      "a status phrase is a message")
    #expect(korean.untranslated(in: "cannot fetch 'x': connection reset by peer", depth: 0) != nil)
    for data in [
      "\"Two words\"", "https://example.org/a b", "  holder-git sync --dry-run", "42",
      "제목: \"Swift Guide\"", "HOME=/x holder-git list",
    ] {
      #expect(MessageAudit.isData(data), "\(data)")
    }
  }
}
