import Foundation
import HolderCoreTestSupport
import PropertyBased
import Testing

@testable import HolderCore

/// The decompositions from HolderCore's table are Foundation's.
///
/// For every scalar, and for text whose combining marks must be put in canonical order. When a toolchain's Unicode
/// version moves, these fail; `scripts/unicode-decompositions` writes the table again.
struct DecompositionTests {
  private static func hex(_ text: String) -> String {
    text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
  }

  @Test func everyScalarDecomposesAsFoundationDecomposesIt() {
    var differing: [String] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = String(scalar)
      if Self.hex(text.nfd) != Self.hex(text.decomposedStringWithCanonicalMapping) {
        differing.append("NFD \(Self.hex(text))")
      }
      if Self.hex(text.nfkd) != Self.hex(text.decomposedStringWithCompatibilityMapping) {
        differing.append("NFKD \(Self.hex(text))")
      }
    }
    #expect(differing == [])
  }

  /// NFKC is the standard library's composition of the table's NFKD.
  ///
  /// Foundation on Linux
  /// composes archaic Hangul jamo that have no composition (see `String.nfc`), so where the
  /// standard library and Foundation disagree on NFC alone, the standard library is taken.
  @Test func everyScalarComposesForCompatibilityAsFoundationDoes() {
    var differing: [String] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = String(scalar)
      let foundation = text.precomposedStringWithCompatibilityMapping
      let decomposed = text.decomposedStringWithCompatibilityMapping
      let nfcAgrees =
        Self.hex(decomposed.nfc) == Self.hex(decomposed.precomposedStringWithCanonicalMapping)
      if nfcAgrees, Self.hex(text.nfkc) != Self.hex(foundation) {
        differing.append(Self.hex(text))
      }
    }
    #expect(differing == [])
  }

  /// Text of letters, Hangul, compatibility characters and combining marks of several classes
  /// in any order: decomposing puts the marks in canonical order, as Foundation does.
  static let markedText = Generator(
    run: { rng in
      let pieces: [String] = [
        "a", "e", "ﬁ", "Å", "ḍ", "한", "글", "ㄱ", "①", "Ａ", "ẛ", "\u{301}", "\u{323}", "\u{302}",
        "\u{307}", "\u{31B}", "\u{1112}", "\u{1161}", "\u{11AB}", "\u{FB2C}", "\u{05B7}", "ǅ",
        " ", "\u{0F71}", "\u{0F72}", "\u{1D15E}",
      ]
      let length = Int.random(in: 0...12, using: &rng)
      return (0..<length).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &rng)] }
        .joined()
    }, shrink: { _ in Shrink.None<String>() })

  /// A starter that decomposes into marks (U+0F73 into U+0F71 U+0F72, classes 129 and 130)
  /// has its marks ordered with the others, as the standard's Canonical Ordering Algorithm and
  /// Python's `unicodedata` do; Foundation on Linux leaves them where the starter was, so such
  /// characters are left out of the random texts above.
  @Test func marksFromADecomposedStarterAreOrderedToo() {
    #expect(Self.hex("\u{301}\u{307}\u{0F73}\u{31B}".nfd) == "f71 f72 31b 301 307")
  }

  @Test func marksAreOrderedAsFoundationOrdersThem() async {
    await propertyCheck(count: 3_000, input: Self.markedText) { text in
      #expect(Self.hex(text.nfd) == Self.hex(text.decomposedStringWithCanonicalMapping))
      #expect(Self.hex(text.nfkd) == Self.hex(text.decomposedStringWithCompatibilityMapping))
    }
  }
}
