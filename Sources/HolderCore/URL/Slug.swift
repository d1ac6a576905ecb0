#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The readable part of a bookmark's file name: a URL's path and query as ASCII words.
///
/// ### Algorithm
/// Percent-escapes are decoded (invalid UTF-8 becomes a separator), the text is mapped with
/// NFKD so that letters with diacritics become an ASCII letter and combining marks, the marks
/// are dropped, and a few letters that do not decompose are spelled out (`ß` → `ss`, `æ` →
/// `ae`, `ø` → `o`, `œ` → `oe`, `đ`/`ð` → `d`, `ł` → `l`, `þ` → `th`, `ı` → `i`, `ħ` → `h`).
/// ASCII letters and digits, lower-cased, form words; every run of anything else (Hangul,
/// punctuation, `/`) separates them. The words are joined with `-` while the result stays
/// within 50 bytes; a first word longer than that is cut at 50.
enum Slug {
  /// The longest slug, in bytes (all of them ASCII).
  static let maximumLength = 50

  private static let spelledOut: [UnicodeScalar: String] = [
    "ß": "ss", "ẞ": "ss", "æ": "ae", "Æ": "ae", "ø": "o", "Ø": "o", "œ": "oe", "Œ": "oe",
    "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "ł": "l", "Ł": "l", "þ": "th", "Þ": "th",
    "ı": "i", "ħ": "h", "Ħ": "h",
  ]

  /// The slug of `pathAndQuery`; empty when it holds no ASCII-foldable letter or digit.
  static func make<S: StringProtocol>(fromPathAndQuery pathAndQuery: S) -> String {
    let decoded = PercentEncoding.decoded(pathAndQuery)
    // ASCII has no compatibility decomposition, no marks and nothing to spell out: its words
    // are its runs of letters and digits, read byte by byte (most URLs; an import makes
    // 100,000 paths).
    if decoded.utf8.allSatisfy({ $0 < 0x80 }) { return joined(asciiWords(decoded)) }
    return joined(words(decoded))
  }

  /// The lower-cased runs of ASCII letters and digits of an ASCII `text`.
  static func asciiWords(_ text: String) -> [String] {
    var words: [String] = []
    var word: [UInt8] = []
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        word.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        word.append(byte + 0x20)
      default:
        if !word.isEmpty {
          words.append(String(decoding: word, as: UTF8.self))
          word.removeAll(keepingCapacity: true)
        }
      }
    }
    if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
    return words
  }

  /// The words of any `text`: NFKD, marks dropped, a few letters spelled out.
  static func words(_ text: String) -> [String] {
    let folded = text.nfkd
    var words: [String] = []
    var word = ""
    for scalar in folded.unicodeScalars {
      if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
        word += String(scalar).lowercased()
      } else if let spelling = spelledOut[scalar] {
        word += spelling
      } else if isMark(scalar) {
        continue
      } else if !word.isEmpty {
        words.append(word)
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    return words
  }

  private static func joined(_ words: [String]) -> String {
    var slug = ""
    for word in words {
      let candidate = slug.isEmpty ? word : slug + "-" + word
      guard candidate.utf8.count <= maximumLength else {
        if slug.isEmpty { slug = String(word.prefix(maximumLength)) }
        break
      }
      slug = candidate
    }
    return slug
  }

  private static func isMark(_ scalar: UnicodeScalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return false
    }
  }
}
