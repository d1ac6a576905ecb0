// A broken bookmark file's id is read from its bytes without parsing them: what the regular
// expression found with NSRegularExpression it finds with Swift's Regex.
import Foundation
import HolderCore
import Testing

@testable import HolderKit

@Suite struct LooseIDTests {
  static let id = "0f5c2a9e-3b1d-4c6e-8a7f-1d2e3f4a5b6c"

  @Test(arguments: [
    "{\"id\": \"\(id)\", \"url\": ",
    "{\n  \"title\": \"x\",\n  \"id\"\t:\n \"\(id)\"",
    "{\"id\":\"\(id.uppercased())\"",
    "\"id\": \"not-a-uuid\" \"id\": \"\(id)\"",
    "{\"id\": \"\(id.prefix(30))\"",
    "{\"url\": \"https://example.org\"",
    "\"id\"\u{3000}:\u{3000}\"\(id)\"",
    "\"id\": \"\(id)\u{301}\"",
  ])
  func theIDFoundIsTheOneNSRegularExpressionFound(_ text: String) throws {
    let expression = try NSRegularExpression(pattern: #""id"\s*:\s*"([0-9A-Fa-f-]{36})""#)
    let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
    let expected = match.flatMap { Range($0.range(at: 1), in: text) }.flatMap {
      BookmarkID(String(text[$0]))
    }
    #expect(HandEditScan.looseID(Array(text.utf8)) == expected, "\(text)")
  }
}
