extension CanonicalWriter {
  /// Appends `text` in NFC as a quoted, escaped JSON string (see the type's rules).
  mutating func writeString(_ text: String) {
    let utf8 = Array(CanonicalWriter.nfc(text).utf8)
    bytes.append(UInt8(ascii: "\""))
    var position = 0
    while position < utf8.count {
      let byte = utf8[position]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
      } else if byte < 0x20 || byte == 0x7F {
        writeEscape(byte)
      } else if byte == 0xC2, position + 1 < utf8.count, (0x80...0x9F).contains(utf8[position + 1]) {
        // U+0080–U+009F (C1) is C2 80–C2 9F in UTF-8; the scalar is the second byte.
        position += 1
        writeEscape(utf8[position])
      } else {
        bytes.append(byte)
      }
      position += 1
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
    let hexDigits = Array("0123456789abcdef".utf8)
    for byte in Array("u00".utf8) + [hexDigits[Int(value >> 4)], hexDigits[Int(value & 0x0F)]] {
      bytes.append(byte)
    }
  }
}
