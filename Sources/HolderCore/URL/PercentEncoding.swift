/// Canonical percent-encoding of URL components, byte by byte over UTF-8.
///
/// Canonical means: an escape of an unreserved character is decoded (`%41` → `A`), every
/// other escape is kept with upper-case hex, a `%` that starts no escape becomes `%25`, and
/// a byte the component may not hold literally is escaped, and the text is NFC first
/// (`composed`). Running it twice changes nothing.
enum PercentEncoding {
  /// The parts of a URL, each with the characters it may hold without escaping (RFC 3986).
  enum Component {
    case userinfo
    case path
    case query
    case fragment
    /// Everything after `scheme:` of a URL without authority (`mailto:`, `urn:`).
    case opaque

    func allows(_ byte: UInt8) -> Bool {
      if PercentEncoding.isUnreserved(byte) || PercentEncoding.subDelimiters.contains(byte) {
        return true
      }
      switch self {
      case .userinfo: return false
      case .path: return byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@") || byte == slash
      case .query, .fragment, .opaque:
        return byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@") || byte == slash
          || byte == UInt8(ascii: "?")
      }
    }
  }

  private static let slash = UInt8(ascii: "/")
  private static let subDelimiters = Set("!$&'()*+,;=".utf8)
  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  /// True for `A-Z a-z 0-9 - . _ ~`, which are never escaped.
  static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: "~")
    }
  }

  /// `text` with canonical escapes for `component`; the result is ASCII.
  static func canonical<S: StringProtocol>(_ text: S, for component: Component) -> String {
    let bytes = Array(composed(text).utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if let escaped = escapedByte(in: bytes, at: index) {
        if isUnreserved(escaped) {
          output.append(escaped)
        } else {
          appendEscape(of: escaped, to: &output)
        }
        index += 3
      } else {
        if component.allows(byte) {
          output.append(byte)
        } else {
          appendEscape(of: byte, to: &output)
        }
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The bytes `text` stands for, with every valid escape decoded.
  static func decodedBytes<S: StringProtocol>(_ text: S) -> [UInt8] {
    let bytes = Array(text.utf8)
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if let escaped = escapedByte(in: bytes, at: index) {
        output.append(escaped)
        index += 3
      } else {
        output.append(bytes[index])
        index += 1
      }
    }
    return output
  }

  /// `text` with every valid escape decoded; invalid UTF-8 becomes U+FFFD.
  static func decoded<S: StringProtocol>(_ text: S) -> String {
    String(decoding: decodedBytes(text), as: UTF8.self)
  }

  /// The byte of the escape `%XX` starting at `index`, if there is one.
  static func escapedByte(in bytes: [UInt8], at index: Int) -> UInt8? {
    guard bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
      let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
    else { return nil }
    return high << 4 | low
  }

  /// Appends `%XX` with upper-case hex.
  static func appendEscape(of byte: UInt8, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "%"))
    output.append(hexDigits[Int(byte >> 4)])
    output.append(hexDigits[Int(byte & 0x0F)])
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    default: return nil
    }
  }
}
