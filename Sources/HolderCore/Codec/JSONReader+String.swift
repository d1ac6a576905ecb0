import Localization

// The JSON reader's strings: UTF-8 validation and escapes.

extension JSONReader {
  /// Reads a string starting at its opening quote; validates UTF-8 and decodes escapes.
  mutating func readString() throws(JSONSyntaxError) -> String {
    let quote = index
    index += 1
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        index += 1
        return text
      } else if byte == UInt8(ascii: "\\") {
        return try readEscapedString(quote: quote, start: start)
      } else if byte < 0x20 {
        throw controlCharacter(byte)
      } else if byte < 0x80 {
        index += 1
      } else {
        index += try validUTF8SequenceLength()
      }
    }
    throw JSONSyntaxError(offset: quote, message: Message("unterminated string").english)
  }

  /// The slow path, taken from the first backslash: copies bytes into a buffer.
  mutating func readEscapedString(quote: Int, start: Int) throws(JSONSyntaxError) -> String {
    var buffer = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: buffer, as: UTF8.self)
      } else if byte == UInt8(ascii: "\\") {
        try readEscape(into: &buffer)
      } else if byte < 0x20 {
        throw controlCharacter(byte)
      } else if byte < 0x80 {
        buffer.append(byte)
        index += 1
      } else {
        let length = try validUTF8SequenceLength()
        buffer.append(contentsOf: bytes[index..<index + length])
        index += length
      }
    }
    throw JSONSyntaxError(offset: quote, message: Message("unterminated string").english)
  }

  mutating func readEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
    let escapeStart = index
    index += 1
    guard index < bytes.count else { throw unexpected(Message("unterminated string")) }
    let simple: UInt8
    switch bytes[index] {
    case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
    case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"):
      let scalar = try readUnicodeEscape(escapeStart: escapeStart)
      UTF8.encode(scalar) { buffer.append($0) }
      return
    case let other:
      guard (0x21...0x7E).contains(other) else {
        throw JSONSyntaxError(
          offset: escapeStart,
          message: Message(
            "invalid escape in string; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u"
          ).english)
      }
      let shown = Character(Unicode.Scalar(other))
      throw JSONSyntaxError(
        offset: escapeStart,
        message: Message(
          "invalid escape '\\\(shown)' in string; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u"
        ).english)
    }
    buffer.append(simple)
    index += 1
  }

  /// Reads `uXXXX` (after the backslash), joining a surrogate pair into one scalar.
  mutating func readUnicodeEscape(escapeStart: Int) throws(JSONSyntaxError) -> Unicode.Scalar {
    let first = try readHexQuad(escapeStart: escapeStart)
    if (0xDC00...0xDFFF).contains(first) {
      throw loneSurrogate(first, at: escapeStart)
    }
    if (0xD800...0xDBFF).contains(first) {
      guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"),
        bytes[index + 1] == UInt8(ascii: "u")
      else { throw loneSurrogate(first, at: escapeStart) }
      let secondStart = index
      index += 1
      let second = try readHexQuad(escapeStart: secondStart)
      guard (0xDC00...0xDFFF).contains(second) else { throw loneSurrogate(first, at: escapeStart) }
      let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
      return Unicode.Scalar(value) ?? "\u{FFFD}"
    }
    return Unicode.Scalar(first) ?? "\u{FFFD}"
  }

  /// Reads the `u` and four hex digits, leaving the index after them.
  mutating func readHexQuad(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
    index += 1
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = JSONReader.hexValue(bytes[index]) else {
        throw JSONSyntaxError(
          offset: escapeStart,
          message: Message("invalid \\u escape in string; write four hex digits").english)
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  func loneSurrogate(_ value: UInt32, at offset: Int) -> JSONSyntaxError {
    let hex = String(value, radix: 16)
    return JSONSyntaxError(
      offset: offset,
      message: Message(
        "lone surrogate '\\u\(hex)' in string; surrogates must come in pairs"
      ).english)
  }

  func controlCharacter(_ byte: UInt8) -> JSONSyntaxError {
    // A raw line break is most often a string whose closing quote is missing.
    if byte == 0x0A {
      return JSONSyntaxError(
        offset: index,
        message: Message("line break in string; close the string or write the line break as \\n")
          .english)
    }
    var writer = CanonicalWriter()
    writer.writeEscape(byte)
    let escape = String(decoding: writer.bytes, as: UTF8.self)
    return JSONSyntaxError(
      offset: index, message: Message("control character in string; write it as \(escape)").english)
  }

  /// The length of the valid UTF-8 sequence at the index, or an `invalid UTF-8` error.
  func validUTF8SequenceLength() throws(JSONSyntaxError) -> Int {
    guard let length = utf8SequenceLength(at: index) else {
      throw JSONSyntaxError(offset: index, message: Message("invalid UTF-8").english)
    }
    return length
  }

  /// The length of the well-formed UTF-8 sequence at `position` (Unicode Table 3-7), else nil.
  ///
  /// Overlong forms, encoded surrogates and values above U+10FFFF are not well-formed.
  func utf8SequenceLength(at position: Int) -> Int? {
    let lead = bytes[position]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      secondRange = 0x80...0x9F
    case 0xF0:
      length = 4
      secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      secondRange = 0x80...0x8F
    default: return nil
    }
    guard bytes.count - position >= length, secondRange.contains(bytes[position + 1]) else {
      return nil
    }
    for offset in 2..<length where !(0x80...0xBF).contains(bytes[position + offset]) {
      return nil
    }
    return length
  }
}
