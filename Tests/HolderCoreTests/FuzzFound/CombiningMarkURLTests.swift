import HolderCore
import Testing

// Found by fuzz-url (libFuzzer, 2026-11-24): a combining mark right after a URL's `//` joined
// the second slash into one Character, so the normaliser's Character-based searches missed
// the delimiter; the first pass kept the URL opaque (`https3://%D9%98htg@44x3a`) and a second
// pass read an authority, so saving the stored URL again made a second bookmark. Delimiters
// are now found by Unicode scalar. The input is also in the fuzz corpus of fuzz-url.

@Suite struct CombiningMarkURLTests {
  /// The fuzzer's input, as bytes: `https3://` U+0658 `htg@44x3a`.
  static let input = "https3://\u{0658}htg@44x3a"

  @Test func aCombiningMarkAfterTheSlashesNormalisesOnce() throws {
    let once = try URLNormalizer.normalize(Self.input)
    #expect(once == "https3://%D9%98htg@44x3a/")
    #expect(try URLNormalizer.normalize(once) == once)
  }

  @Test func aMarkAfterAnyDelimiterStaysWithTheTextAfterIt() throws {
    let cases = [
      "https://example.org/\u{301}a": "https://example.org/%CC%81a",
      "https://example.org/a?\u{301}=1": "https://example.org/a?%CC%81=1",
      "https://example.org/a#\u{301}": "https://example.org/a#%CC%81",
      "https://user:\u{301}@example.org/": "https://user:%CC%81@example.org/",
      "mailto:a@b#\u{301}": "mailto:a@b#%CC%81",
    ]
    for (typed, stored) in cases {
      #expect(try URLNormalizer.normalize(typed) == stored, "typed: \(typed.debugDescription)")
      #expect(try URLNormalizer.normalize(stored) == stored)
    }
  }

  @Test func aMarkAfterAHostsDotIsPartOfTheNextLabel() throws {
    let once = try URLNormalizer.normalize("https://a.\u{301}b.org/")
    #expect(try URLNormalizer.normalize(once) == once)
    #expect(once.hasPrefix("https://a.xn--"))
  }
}
