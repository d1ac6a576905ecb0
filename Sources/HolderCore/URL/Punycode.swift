/// RFC 3492 Punycode: one host label between Unicode and the ASCII after `xn--`.
///
/// Only the bootstring algorithm is here; the `xn--` prefix, case mapping and NFKC are the
/// caller's (`HostNormalizer`). Output letters are lower case.
enum Punycode {
  private static let base = 36
  private static let tMin = 1
  private static let tMax = 26
  private static let skew = 38
  private static let damp = 700
  private static let initialBias = 72
  private static let initialN = 128
  /// Far below `Int.max / base`, so no product below can overflow.
  private static let limit = 1 << 40

  /// The Punycode of `label` (without `xn--`); nil only for absurdly long labels.
  static func encode(_ label: String) -> String? {
    let input = label.unicodeScalars.map { Int($0.value) }
    var output = input.filter { $0 < 0x80 }.map { Character(UnicodeScalar(UInt8($0))) }
    let basicCount = output.count
    var handled = basicCount
    if basicCount > 0 { output.append("-") }
    var n = initialN
    var delta = 0
    var bias = initialBias
    while handled < input.count {
      guard let next = input.filter({ $0 >= n }).min() else { return nil }
      delta += (next - n) * (handled + 1)
      n = next
      guard delta < limit else { return nil }
      for code in input {
        if code < n { delta += 1 }
        guard code == n else { continue }
        var q = delta
        var k = base
        while true {
          let t = threshold(k, bias: bias)
          if q < t { break }
          output.append(digit(t + (q - t) % (base - t)))
          q = (q - t) / (base - t)
          k += base
        }
        output.append(digit(q))
        bias = adapt(delta, count: handled + 1, first: handled == basicCount)
        delta = 0
        handled += 1
      }
      delta += 1
      n += 1
    }
    return String(output)
  }

  /// The Unicode label for Punycode `text` (without `xn--`), or nil when it is not valid.
  static func decode(_ text: String) -> String? {
    let scalars = Array(text.unicodeScalars)
    guard scalars.allSatisfy(\.isASCII) else { return nil }
    var output: [Int] = []
    var position = 0
    if let delimiter = scalars.lastIndex(of: "-") {
      output = scalars[..<delimiter].map { Int($0.value) }
      position = delimiter + 1
    }
    var n = initialN
    var i = 0
    var bias = initialBias
    while position < scalars.count {
      let oldI = i
      var weight = 1
      var k = base
      while true {
        guard position < scalars.count, let value = digitValue(scalars[position]) else {
          return nil
        }
        position += 1
        i += value * weight
        let t = threshold(k, bias: bias)
        if value < t { break }
        weight *= base - t
        k += base
        guard i < limit, weight < limit else { return nil }
      }
      bias = adapt(i - oldI, count: output.count + 1, first: oldI == 0)
      n += i / (output.count + 1)
      i %= output.count + 1
      guard n >= initialN, n <= 0x10FFFF else { return nil }
      output.insert(n, at: i)
      i += 1
    }
    var result = String.UnicodeScalarView()
    for code in output {
      guard let scalar = UnicodeScalar(UInt32(code)) else { return nil }
      result.append(scalar)
    }
    return String(result)
  }

  private static func threshold(_ k: Int, bias: Int) -> Int {
    if k <= bias { return tMin }
    if k >= bias + tMax { return tMax }
    return k - bias
  }

  private static func adapt(_ delta: Int, count: Int, first: Bool) -> Int {
    var delta = first ? delta / damp : delta / 2
    delta += delta / count
    var k = 0
    while delta > ((base - tMin) * tMax) / 2 {
      delta /= base - tMin
      k += base
    }
    return k + (base - tMin + 1) * delta / (delta + skew)
  }

  private static func digit(_ value: Int) -> Character {
    let scalar = value < 26 ? 0x61 + value : 0x30 + value - 26
    return Character(UnicodeScalar(UInt8(scalar)))
  }

  private static func digitValue(_ scalar: UnicodeScalar) -> Int? {
    switch scalar.value {
    case 0x30...0x39: return Int(scalar.value) - 0x30 + 26
    case 0x41...0x5A: return Int(scalar.value) - 0x41
    case 0x61...0x7A: return Int(scalar.value) - 0x61
    default: return nil
    }
  }
}
