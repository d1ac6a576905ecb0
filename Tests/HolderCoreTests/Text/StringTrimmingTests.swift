import Foundation
import HolderCore
import HolderCoreTestSupport
import PropertyBased
import Testing

/// The quick trims give Foundation's answer, byte for byte, whatever the text.
struct StringTrimmingTests {
  /// Text with white space of every kind (ASCII, no-break, ideographic, line separators,
  /// NEL) put at its ends or not.
  static let padded = Generator(
    run: { rng in
      let spaces = [
        "", " ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{3000}",
        "\u{2028}", "\u{2003}", "\u{200B}",
      ]
      let text = RandomValues.text(&rng, maximumLength: 12)
      return spaces[Int.random(in: 0..<spaces.count, using: &rng)] + text
        + spaces[Int.random(in: 0..<spaces.count, using: &rng)]
    }, shrink: { _ in Shrink.None<String>() })

  @Test func theyTrimExactlyAsFoundationDoes() async {
    await propertyCheck(count: 2_000, input: Self.padded) { text in
      #expect(
        Array(text.trimmingSpacesAndNewlines().utf8)
          == Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8))
      #expect(
        Array(text.trimmingSpaces().utf8) == Array(text.trimmingCharacters(in: .whitespaces).utf8))
    }
  }

  /// Every Unicode scalar, at both ends of a word: the sets written out here are Foundation's.
  @Test func everyScalarIsTrimmedAsFoundationTrimsIt() {
    var differing: [String] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = "\(scalar)a\(scalar)"
      if Array(text.trimmingSpacesAndNewlines().utf8)
        != Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        || Array(text.trimmingSpaces().utf8)
          != Array(text.trimmingCharacters(in: .whitespaces).utf8)
      {
        differing.append(String(value, radix: 16))
      }
    }
    #expect(differing == [])
  }

  @Test func aLineBreakIsNotASpace() {
    #expect(" a\n".trimmingSpaces() == "a\n")
    #expect(" a\n".trimmingSpacesAndNewlines() == "a")
    #expect("\u{3000}한국\u{A0}".trimmingSpaces() == "한국")
  }
}
