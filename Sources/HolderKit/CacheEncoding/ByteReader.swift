/// Reads what `ByteWriter` wrote; any inconsistency throws, and the cache is rebuilt.
struct ByteReader {
  struct Truncated: Error {}

  private let bytes: [UInt8]
  private var position: Int

  /// Reads `bytes` from `position` on (no copy of the part before it is made).
  init(_ bytes: [UInt8], from position: Int) {
    self.bytes = bytes
    self.position = position
  }

  var isAtEnd: Bool { position == bytes.count }

  mutating func integer() throws(Truncated) -> Int64 {
    guard position + 8 <= bytes.count else { throw Truncated() }
    var value: UInt64 = 0
    for offset in (0..<8).reversed() { value = value << 8 | UInt64(bytes[position + offset]) }
    position += 8
    return Int64(bitPattern: value)
  }

  mutating func count() throws(Truncated) -> Int {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard position < bytes.count, shift < 63 else { throw Truncated() }
      let byte = bytes[position]
      position += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { break }
      shift += 7
    }
    guard value <= UInt64(bytes.count) else { throw Truncated() }
    return Int(value)
  }

  mutating func byte() throws(Truncated) -> UInt8 {
    guard position < bytes.count else { throw Truncated() }
    position += 1
    return bytes[position - 1]
  }

  mutating func data() throws(Truncated) -> [UInt8] {
    let length = try count()
    guard position + length <= bytes.count else { throw Truncated() }
    position += length
    return Array(bytes[(position - length)..<position])
  }

  /// The next `length` bytes, written by `ByteWriter.raw`, as a slice sharing the buffer.
  mutating func raw(_ length: Int) throws(Truncated) -> ArraySlice<UInt8> {
    guard position + length <= bytes.count else { throw Truncated() }
    position += length
    return bytes[(position - length)..<position]
  }

  /// The next length-prefixed bytes as a slice sharing the buffer (no copy).
  mutating func slice() throws(Truncated) -> ArraySlice<UInt8> {
    let length = try count()
    guard position + length <= bytes.count else { throw Truncated() }
    position += length
    return bytes[(position - length)..<position]
  }

  mutating func string() throws(Truncated) -> String {
    let length = try count()
    guard position + length <= bytes.count else { throw Truncated() }
    position += length
    return String(decoding: bytes[(position - length)..<position], as: UTF8.self)
  }

  /// The strings `ByteWriter.strings` wrote.
  mutating func strings() throws(Truncated) -> [String] {
    var values: [String] = []
    for _ in 0..<(try count()) { values.append(try string()) }
    return values
  }

  mutating func optionalString() throws(Truncated) -> String? {
    try byte() == 0 ? nil : try string()
  }
}
