/// A SHA-1 object id, copied out of libgit2 into a plain value.
///
/// The 20 bytes are kept as three big-endian integers so that ids are cheap to copy, hash
/// and compare, and so that `<` orders them the way their hex spellings sort.
public struct ObjectID: Hashable, Sendable, CustomStringConvertible, Comparable {
  private var high: UInt64
  private var middle: UInt64
  private var low: UInt32

  /// Parses 40 hex digits (either case); nil for anything else.
  public init?(hex: String) {
    let utf8 = Array(hex.utf8)
    guard utf8.count == 40 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(20)
    for index in stride(from: 0, to: 40, by: 2) {
      guard let upper = Self.nibble(utf8[index]), let lower = Self.nibble(utf8[index + 1]) else {
        return nil
      }
      bytes.append(upper << 4 | lower)
    }
    self.init(bytes: bytes)
  }

  /// Makes an id from exactly 20 raw bytes.
  package init(bytes: some Collection<UInt8>) {
    var high: UInt64 = 0
    var middle: UInt64 = 0
    var low: UInt32 = 0
    for (offset, byte) in bytes.enumerated() {
      switch offset {
      case 0..<8: high = high << 8 | UInt64(byte)
      case 8..<16: middle = middle << 8 | UInt64(byte)
      default: low = low << 8 | UInt32(byte)
      }
    }
    self.high = high
    self.middle = middle
    self.low = low
  }

  /// The 20 raw bytes, most significant first.
  package var bytes: [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(20)
    for shift in stride(from: 56, through: 0, by: -8) {
      result.append(UInt8(truncatingIfNeeded: high >> UInt64(shift)))
    }
    for shift in stride(from: 56, through: 0, by: -8) {
      result.append(UInt8(truncatingIfNeeded: middle >> UInt64(shift)))
    }
    for shift in stride(from: 24, through: 0, by: -8) {
      result.append(UInt8(truncatingIfNeeded: low >> UInt32(shift)))
    }
    return result
  }

  /// The 40 lowercase hex digits.
  public var hex: String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(40)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The 40 lowercase hex digits, as git prints a full id.
  public var description: String { hex }

  /// Orders ids as their hex spellings sort.
  public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool {
    (lhs.high, lhs.middle, lhs.low) < (rhs.high, rhs.middle, rhs.low)
  }

  private static func nibble(_ character: UInt8) -> UInt8? {
    switch character {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
