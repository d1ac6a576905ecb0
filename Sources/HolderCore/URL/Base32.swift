/// RFC 4648 base32 in lower case, without padding.
enum Base32 {
  private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")

  /// The base32 text of `bytes`: 8 characters for every 5 bytes, a shorter tail for the rest.
  static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
    var result = ""
    var buffer = 0
    var bitCount = 0
    for byte in bytes {
      buffer = (buffer << 8) | Int(byte)
      bitCount += 8
      while bitCount >= 5 {
        bitCount -= 5
        result.append(alphabet[(buffer >> bitCount) & 0x1F])
      }
      buffer &= (1 << bitCount) - 1
    }
    if bitCount > 0 {
      result.append(alphabet[(buffer << (5 - bitCount)) & 0x1F])
    }
    return result
  }
}
