/// Writes the binary form of the caches under `.holder/local/` (the index and the history):
/// little-endian integers, variable-length counts and length-prefixed bytes.
struct ByteWriter {
  private(set) var bytes: [UInt8] = []

  mutating func integer(_ value: Int64) {
    var remaining = UInt64(bitPattern: value)
    for _ in 0..<8 {
      bytes.append(UInt8(truncatingIfNeeded: remaining))
      remaining >>= 8
    }
  }

  mutating func count(_ value: Int) {
    // Variable length: most counts and lengths fit one byte.
    var remaining = UInt64(value)
    while remaining >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: remaining) | 0x80)
      remaining >>= 7
    }
    bytes.append(UInt8(remaining))
  }

  mutating func byte(_ value: UInt8) {
    bytes.append(value)
  }

  mutating func data(_ value: [UInt8]) {
    count(value.count)
    bytes.append(contentsOf: value)
  }

  /// Bytes of a length both sides know (an object id), with no length prefix.
  mutating func raw(_ value: [UInt8]) {
    bytes.append(contentsOf: value)
  }

  mutating func string(_ value: String) {
    count(value.utf8.count)
    bytes.append(contentsOf: value.utf8)
  }

  /// A count, then each string length-prefixed.
  mutating func strings(_ values: [String]) {
    count(values.count)
    for value in values { string(value) }
  }

  mutating func optionalString(_ value: String?) {
    guard let value else { return byte(0) }
    byte(1)
    string(value)
  }
}
