// The canonical writer's strings: NFC, quoted, with JSON's escapes.

extension CanonicalWriter {
  /// Appends `text` in NFC as a quoted, escaped JSON string (see the type's rules).
  mutating func writeString(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    // U+0080–U+009F (C1) is C2 80–C2 9F in UTF-8, so a C2 byte waits for the next one.
    var pendingC2 = false
    text._withNFCCodeUnits { byte in
      if pendingC2 {
        pendingC2 = false
        if (0x80...0x9F).contains(byte) {
          writeEscape(byte)
          return
        }
        bytes.append(0xC2)
      }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
      } else if byte < 0x20 || byte == 0x7F {
        writeEscape(byte)
      } else if byte == 0xC2 {
        pendingC2 = true
      } else {
        bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends the escape of a control character whose scalar value is `value` (below U+00A0).
  mutating func writeEscape(_ value: UInt8) {
    let short: UInt8?
    switch value {
    case 0x08: short = UInt8(ascii: "b")
    case 0x0C: short = UInt8(ascii: "f")
    case 0x0A: short = UInt8(ascii: "n")
    case 0x0D: short = UInt8(ascii: "r")
    case 0x09: short = UInt8(ascii: "t")
    default: short = nil
    }
    bytes.append(UInt8(ascii: "\\"))
    if let short {
      bytes.append(short)
      return
    }
    bytes.append(contentsOf: [
      UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
      CanonicalWriter.hexDigit(value >> 4), CanonicalWriter.hexDigit(value & 0x0F),
    ])
  }

  private static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
  }
}
