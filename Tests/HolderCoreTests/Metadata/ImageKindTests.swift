import HolderCore
import PropertyBased
import Testing

/// What a thumbnail may be: read from the first bytes, never a text format (an SVG or an HTML
/// page can carry script).
@Suite struct ImageKindTests {
  static let headers: [(ImageKind, [UInt8])] = [
    (.png, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
    (.jpeg, [0xFF, 0xD8, 0xFF, 0xE0]),
    (.gif, Array("GIF89a".utf8)),
    (.webp, Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WEBP".utf8)),
    (.icon, [0x00, 0x00, 0x01, 0x00, 0x01]),
  ]

  @Test func eachFormatIsKnownByItsSignatureWhateverFollows() async {
    await propertyCheck(
      count: 300,
      input: Gen.int(in: 0...4), Gen.int(in: 0...255).array(of: 0...64)
    ) { which, tail in
      let (kind, header) = Self.headers[which]
      #expect(ImageKind.sniff(header + tail.map { UInt8($0) }) == kind)
    }
  }

  @Test func textIsNeverAnImage() async {
    let starts = ["<svg", "<?xml", "<!doctype html>", " <svg", "\u{FEFF}<svg", "{"]
    await propertyCheck(
      count: 300,
      input: Gen.int(in: 0...(starts.count - 1)), Gen.int(in: 32...126).array(of: 0...64)
    ) { which, tail in
      let text = Array(starts[which].utf8) + tail.map { UInt8($0) }
      #expect(ImageKind.sniff(text) == nil)
    }
  }
}
