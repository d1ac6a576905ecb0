#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Folds text for matching: case, diacritics, NFC/NFD and full-width Latin are ignored.
///
/// The output is UTF-8 bytes, so a folded query is found in folded text by a plain byte
/// search (UTF-8 never matches in the middle of a character). Hangul syllables, kana and
/// kanji are kept whole; runs of white space become one space; control characters become
/// spaces. A folder caches the folding of the uncommon scalars it meets, so keep one for a
/// whole batch of texts.
public struct TextFolder: Sendable {
  private var cache: [UInt32: [UInt8]] = [:]

  /// Makes a folder with an empty cache.
  public init() {}

  /// The folded UTF-8 of `text`.
  public mutating func fold(_ text: String) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count)
    var lastWasSpace = false
    fold(text, into: &output, lastWasSpace: &lastWasSpace)
    return output
  }

  /// Appends the folded UTF-8 of `text` to `output`; `lastWasSpace` carries space runs across.
  public mutating func fold(_ text: String, into output: inout [UInt8], lastWasSpace: inout Bool) {
    // NFC first, so a title typed in NFD on macOS composes its Hangul and accents like NFC.
    for scalar in text.nfc.unicodeScalars {
      append(scalar.value, to: &output, lastWasSpace: &lastWasSpace)
    }
  }

  /// The folded UTF-8 of `text` and, for each folded byte, the offset of the `Character`
  /// of `text` it came from (so matches can be shown in the original text).
  public mutating func foldWithCharacterOffsets(_ text: String) -> (
    bytes: [UInt8], offsets: [Int]
  ) {
    var bytes: [UInt8] = []
    var offsets: [Int] = []
    var lastWasSpace = false
    for (offset, character) in text.enumerated() {
      let before = bytes.count
      fold(String(character), into: &bytes, lastWasSpace: &lastWasSpace)
      offsets.append(contentsOf: repeatElement(offset, count: bytes.count - before))
    }
    return (bytes, offsets)
  }

  private mutating func append(_ value: UInt32, to output: inout [UInt8], lastWasSpace: inout Bool)
  {
    if value < 0x80 {
      appendASCII(UInt8(value), to: &output, lastWasSpace: &lastWasSpace)
      return
    }
    switch value {
    case 0xAC00...0xD7A3, 0x3041...0x30FF, 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x1100...0x11FF:
      // Hangul syllables and jamo, kana, kanji: kept as they are (the common case in CJK text).
      TextFolder.appendUTF8(value, to: &output)
      lastWasSpace = false
    case 0xFF01...0xFF5E:
      // Full-width Latin, digits and punctuation fold to ASCII.
      appendASCII(UInt8(value - 0xFEE0), to: &output, lastWasSpace: &lastWasSpace)
    default:
      if let folded = cache[value] {
        appendFolded(folded, to: &output, lastWasSpace: &lastWasSpace)
      } else {
        let folded = TextFolder.foldUncommon(value)
        cache[value] = folded
        appendFolded(folded, to: &output, lastWasSpace: &lastWasSpace)
      }
    }
  }

  private func appendFolded(_ folded: [UInt8], to output: inout [UInt8], lastWasSpace: inout Bool) {
    if folded == [0x20] {
      appendASCII(0x20, to: &output, lastWasSpace: &lastWasSpace)
    } else if !folded.isEmpty {
      output.append(contentsOf: folded)
      lastWasSpace = false
    }
  }

  private func appendASCII(_ byte: UInt8, to output: inout [UInt8], lastWasSpace: inout Bool) {
    switch byte {
    case 0x41...0x5A:
      output.append(byte + 0x20)
      lastWasSpace = false
    case 0x00...0x20, 0x7F:
      if !lastWasSpace {
        output.append(0x20)
        lastWasSpace = true
      }
    default:
      output.append(byte)
      lastWasSpace = false
    }
  }

  /// Letters whose diacritic is not a separate mark in Unicode, folded as readers expect.
  private static let baseLetters: [UInt32: String] = [
    0xF8: "o", 0xD8: "o", 0x111: "d", 0x110: "d", 0x142: "l", 0x141: "l", 0xE6: "ae",
    0xC6: "ae", 0x153: "oe", 0x152: "oe", 0x131: "i", 0xDF: "ss", 0x1E9E: "ss", 0xF0: "d",
    0xFE: "th",
  ]

  /// The folding of a scalar outside the fast paths: decomposed, marks dropped, lowercased.
  private static func foldUncommon(_ value: UInt32) -> [UInt8] {
    guard let scalar = Unicode.Scalar(value) else { return [] }
    let properties = scalar.properties
    if properties.isWhitespace || properties.generalCategory == .control
      || properties.generalCategory == .lineSeparator
      || properties.generalCategory == .paragraphSeparator
    {
      return [0x20]
    }
    if let base = baseLetters[value] { return Array(base.utf8) }
    // Kana voicing marks change the word (か/が), so only other marks are diacritics.
    if isDiacritic(scalar) { return [] }
    var output: [UInt8] = []
    let decomposed =
      value < 0x2000 ? Decomposition.decomposition(of: scalar, compatibility: false) : [scalar]
    for part in decomposed where !isDiacritic(part) {
      for lower in part.properties.lowercaseMapping.unicodeScalars where !isDiacritic(lower) {
        appendUTF8(lower.value, to: &output)
      }
    }
    return output
  }

  private static func isDiacritic(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .nonspacingMark && scalar.value != 0x3099
      && scalar.value != 0x309A
  }

  /// Appends the UTF-8 encoding of a scalar value.
  static func appendUTF8(_ value: UInt32, to output: inout [UInt8]) {
    switch value {
    case 0..<0x80:
      output.append(UInt8(value))
    case 0x80..<0x800:
      output.append(UInt8(0xC0 | (value >> 6)))
      output.append(UInt8(0x80 | (value & 0x3F)))
    case 0x800..<0x10000:
      output.append(UInt8(0xE0 | (value >> 12)))
      output.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
      output.append(UInt8(0x80 | (value & 0x3F)))
    default:
      output.append(UInt8(0xF0 | (value >> 18)))
      output.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
      output.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
      output.append(UInt8(0x80 | (value & 0x3F)))
    }
  }
}
