/// FNV-1a over 64 bits: a hash that is the same on every machine and in every run (Swift's
/// `Hasher` is seeded per process), for file names, checksums and ids derived from content;
/// never for security.
public enum FNV1a {
  /// The standard offset basis; another start gives an independent-looking second hash.
  public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

  public static func hash(_ bytes: some Sequence<UInt8>, from start: UInt64 = offsetBasis)
    -> UInt64
  {
    var hash = start
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }

  /// `value` as 16 lowercase hex digits.
  public static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
