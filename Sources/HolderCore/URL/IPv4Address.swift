/// IPv4 hosts as browsers read them: four numbers, each decimal, octal (`0…`) or hex (`0x…`).
///
/// The stored form is plain dotted decimal, so `010.0.0.1` and `8.0.0.1` are one URL.
enum IPv4Address {
  /// True when the label is a number, which makes the host an IPv4 address (WHATWG rule).
  static func endsInNumber(_ label: Substring) -> Bool {
    if label.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
    let lower = label.lowercased()
    return lower.hasPrefix("0x") && lower.dropFirst(2).allSatisfy({ $0.isASCII && $0.isHexDigit })
  }

  /// Dotted decimal for four numeric labels each at most 255, else nil.
  static func canonical(_ labels: [Substring]) -> String? {
    guard labels.count == 4 else { return nil }
    var parts: [String] = []
    for label in labels {
      guard let value = number(label), value <= 255 else { return nil }
      parts.append(String(value))
    }
    return parts.joined(separator: ".")
  }

  private static func number(_ label: Substring) -> Int? {
    let lower = label.lowercased()
    guard lower.count <= 12 else { return nil }
    if lower.hasPrefix("0x") {
      let digits = lower.dropFirst(2)
      return digits.isEmpty ? 0 : Int(digits, radix: 16)
    }
    guard lower.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    if lower.count > 1, lower.hasPrefix("0") {
      return Int(lower.dropFirst(), radix: 8)
    }
    return Int(lower, radix: 10)
  }
}
