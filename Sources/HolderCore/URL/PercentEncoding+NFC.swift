/// URL text in Unicode NFC before it is percent-encoded (RFC 3987 §5.3.2.2, DESIGN §2), so
/// `…/wiki/서울` typed in NFD (as macOS file names and some keyboards give it) is the same
/// bookmark as the NFC form. Escaped UTF-8 is composed too: a stored URL is always escaped,
/// and a store written before this rule must find its NFD URLs the same way.
extension PercentEncoding {
  /// `text` with its characters, raw or escaped, in NFC; escapes of reserved ASCII (`%2F`,
  /// `%25`) are kept as written and nothing composes across them.
  static func composed<S: StringProtocol>(_ text: S) -> String {
    let bytes = Array(text.utf8)
    guard bytes.contains(where: { $0 >= 0x80 }) || hasHighEscape(bytes) else { return String(text) }
    var result = ""
    var piece: [UInt8] = []
    var index = 0
    func flush() {
      result += composedPiece(piece)
      piece.removeAll(keepingCapacity: true)
    }
    while index < bytes.count {
      if let escaped = escapedByte(in: bytes, at: index) {
        if escaped >= 0x80 || isUnreserved(escaped) {
          piece.append(escaped)
        } else {
          // A kept escape is a barrier: `%3A` followed by U+0301 must not become `%3Á`.
          flush()
          result += String(decoding: bytes[index..<index + 3], as: UTF8.self)
        }
        index += 3
      } else {
        piece.append(bytes[index])
        index += 1
      }
    }
    flush()
    return result
  }

  /// The text of `piece` in NFC; bytes that are not UTF-8 (`%FF`) stay escapes, never
  /// U+FFFD, and split the text around them the same way on every run.
  private static func composedPiece(_ piece: [UInt8]) -> String {
    if let text = String(validating: piece, as: UTF8.self) { return text.nfc }
    var result = ""
    var valid: [UInt8] = []
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = piece.makeIterator()
    var position = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        valid.append(contentsOf: encoded)
        position += encoded.count
      case .error(let length):
        result += String(decoding: valid, as: UTF8.self).nfc
        valid.removeAll()
        var escapes: [UInt8] = []
        for byte in piece[position..<position + length] { appendEscape(of: byte, to: &escapes) }
        result += String(decoding: escapes, as: UTF8.self)
        position += length
      case .emptyInput:
        return result + String(decoding: valid, as: UTF8.self).nfc
      }
    }
  }

  /// True when `bytes` hold an escape of a non-ASCII byte (`%C3`).
  private static func hasHighEscape(_ bytes: [UInt8]) -> Bool {
    var index = 0
    while index < bytes.count {
      if let escaped = escapedByte(in: bytes, at: index), escaped >= 0x80 { return true }
      index += 1
    }
    return false
  }
}
