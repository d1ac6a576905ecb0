import Foundation
import HolderCoreTestSupport
import PropertyBased
import Testing

@testable import HolderCore

/// The ASCII shortcuts of a bookmark's path (its slug's words, its host's mapping) give what
/// the Unicode path gives, for every ASCII text: a file never moves because of them.
struct ASCIIFastPathTests {
  /// ASCII of every kind, controls and DEL included, up to 40 bytes.
  static let ascii = Generator(
    run: { rng in
      let length = Int.random(in: 0...40, using: &rng)
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...0x7F, using: &rng) }
      return String(decoding: bytes, as: UTF8.self)
    }, shrink: { _ in Shrink.None<String>() })

  @Test func slugWordsOfASCIIAreTheUnicodeWords() async {
    await propertyCheck(count: 3_000, input: Self.ascii) { text in
      #expect(Slug.asciiWords(text) == Slug.words(text))
    }
  }

  @Test func aHostOfASCIIMapsAsFoundationMapsIt() async {
    await propertyCheck(count: 3_000, input: Self.ascii) { text in
      #expect(
        Array(HostNormalizer.mapped(text).utf8)
          == Array(
            text.precomposedStringWithCompatibilityMapping
              .replacingOccurrences(of: "\u{3002}", with: ".").lowercased().utf8))
    }
  }

  @Test func textThatIsNotASCIITakesTheUnicodePath() {
    #expect(Slug.make(fromPathAndQuery: "/Stra%C3%9Fe/caf%C3%A9") == "strasse-cafe")
    #expect(HostNormalizer.mapped("ＥＸＡＭＰＬＥ。org") == "example.org")
  }
}
