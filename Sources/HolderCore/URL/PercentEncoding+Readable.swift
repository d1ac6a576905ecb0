/// The display side of percent-encoding: escapes of non-ASCII text shown as the text.
extension PercentEncoding {
  /// `text` with every run of escapes that spells one safe non-ASCII character decoded.
  ///
  /// ASCII escapes stay escaped: in a normalised URL they are delimiters or characters
  /// that must not appear bare (`%2F`, `%20`), and decoding them would change the URL.
  static func readable<S: StringProtocol>(_ text: S) -> String {
    let bytes = Array(text.utf8)
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if let sequence = encodedCharacter(in: bytes, at: index) {
        output.append(contentsOf: sequence)
        index += 3 * sequence.count
      } else {
        output.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// False for characters that would hide or disguise text when shown bare: controls,
  /// format characters (bidi overrides, zero-width), spaces, private use, unassigned.
  static func isShownDecoded(_ scalar: UnicodeScalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .privateUse,
      .surrogate, .unassigned:
      return false
    default:
      return !scalar.properties.isNoncharacterCodePoint
    }
  }

  /// The UTF-8 bytes of one safe non-ASCII character escaped at `index`, if there is one.
  private static func encodedCharacter(in bytes: [UInt8], at index: Int) -> [UInt8]? {
    guard let lead = escapedByte(in: bytes, at: index) else { return nil }
    let length: Int
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return nil
    }
    var sequence = [lead]
    for position in 1..<length {
      guard index + 3 * position < bytes.count,
        let next = escapedByte(in: bytes, at: index + 3 * position)
      else { return nil }
      sequence.append(next)
    }
    guard let character = String(validating: sequence, as: UTF8.self),
      character.unicodeScalars.count == 1,
      character.unicodeScalars.allSatisfy(isShownDecoded)
    else { return nil }
    return sequence
  }
}
