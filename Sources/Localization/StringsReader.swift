/// Reads a catalog's old-style `.strings` text (`"key" = "value";` with C comments) in one pass
/// over its bytes.
///
/// A Korean or Japanese run parses its catalog at start; Foundation's property-list parser
/// takes several times as long for the same file, and start-up is not to grow. Anything this
/// reader does not know (an unquoted key, a `\U` escape a tool wrote) makes it give up, and
/// the caller falls back to Foundation's parser, which reads every form.
enum StringsReader {
  /// The entries, nil when `bytes` holds anything but quoted pairs, comments and spaces.
  static func entries(_ bytes: [UInt8]) -> [String: String]? {
    var reader = Cursor(bytes: bytes)
    var entries: [String: String] = [:]
    entries.reserveCapacity(bytes.count / 80)
    while true {
      guard reader.skipSpaceAndComments() else { return nil }
      if reader.atEnd { return entries }
      guard let key = reader.quoted(), reader.skipSpaceAndComments(),
        reader.take(UInt8(ascii: "=")),
        reader.skipSpaceAndComments(), let value = reader.quoted(), reader.skipSpaceAndComments(),
        reader.take(UInt8(ascii: ";"))
      else { return nil }
      entries[key] = value
    }
  }

  private struct Cursor {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index >= bytes.count }

    mutating func take(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    /// Skips spaces, line breaks and comments; false for a comment that never ends.
    mutating func skipSpaceAndComments() -> Bool {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        case UInt8(ascii: "/")
        where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
          index += 2
          while index + 1 < bytes.count
            && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
          {
            index += 1
          }
          guard index + 1 < bytes.count else { return false }
          index += 2
        case UInt8(ascii: "/")
        where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
          while index < bytes.count && bytes[index] != 0x0A { index += 1 }
        default: return true
        }
      }
      return true
    }

    /// A `"…"` string with `\"`, `\\`, `\n` and `\t`; nil for anything else.
    mutating func quoted() -> String? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      var text: [UInt8] = []
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""):
          return String(decoding: text, as: UTF8.self)
        case UInt8(ascii: "\\"):
          guard index < bytes.count else { return nil }
          switch bytes[index] {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"): text.append(bytes[index])
          case UInt8(ascii: "n"): text.append(0x0A)
          case UInt8(ascii: "t"): text.append(0x09)
          default: return nil
          }
          index += 1
        default:
          text.append(byte)
        }
      }
      return nil
    }
  }
}
