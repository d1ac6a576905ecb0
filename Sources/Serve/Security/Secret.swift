// The per-start secret every state-changing request carries: a page of
// another site cannot read it, so it cannot forge a POST that changes the store.
enum Secret {
  /// 32 random bytes as hex, new on every start.
  static func make() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<32).map { _ in Hex.byte(UInt8.random(in: 0...255, using: &generator)) }.joined()
  }

  /// Compares in time that does not depend on where the strings differ.
  static func matches(_ given: String?, _ expected: String) -> Bool {
    guard let given else { return false }
    let a = Array(given.utf8)
    let b = Array(expected.utf8)
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for (x, y) in zip(a, b) { difference |= x ^ y }
    return difference == 0
  }
}

/// Bytes as hex digits.
enum Hex {
  /// `byte` as two hex digits (`0a`, or `0A` when `uppercase`).
  static func byte(_ byte: UInt8, uppercase: Bool = false) -> String {
    let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
    return String(
      decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]], as: UTF8.self)
  }
}
