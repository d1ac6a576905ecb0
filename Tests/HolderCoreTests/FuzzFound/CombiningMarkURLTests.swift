import HolderCore
import Testing

// Found by fuzz-url (libFuzzer, 2026-11-24): a combining mark right after a URL's `//` joins
// the second slash into one Character, so `hasPrefix("//")` and the other Character-based
// searches of the normaliser miss the delimiter; the first pass keeps the URL opaque
// (`https3://%D9%98htg@44x3a`) and a second pass reads an authority and adds a `/`. Saving the
// normalised URL again then makes a second bookmark. The fix is to find delimiters by Unicode
// scalar throughout URLNormalizer; until then this is recorded, not hidden.

@Suite struct CombiningMarkURLTests {
  /// The fuzzer's input, as bytes: `https3://` U+0658 `htg@44x3a`.
  static let input = "https3://\u{0658}htg@44x3a"

  @Test func aCombiningMarkAfterTheSlashesNormalisesOnce() throws {
    let once = try URLNormalizer.normalize(Self.input)
    let twice = try URLNormalizer.normalize(once)
    withKnownIssue("delimiters are found by Character, not by Unicode scalar") {
      #expect(twice == once)
    }
  }
}
