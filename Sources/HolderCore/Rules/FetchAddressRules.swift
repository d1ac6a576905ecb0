// Which network addresses holder-git fetches pages and images from: public ones only, and this
// machine's own (loopback) when the person allows it. Judged on the addresses a host name
// resolves to, not on the name, so a name that leads to 127.0.0.1 is refused as 127.0.0.1 is.

/// The rule for the addresses a fetch may connect to.
///
/// A bookmark's URL and its `metadata.image` come from anyone who can push to a remote the
/// store syncs with: fetched as given, they would make the web app or `refresh` send requests
/// to this machine's own services, the local network or a cloud's metadata address (and the
/// web app show what answered).
public enum FetchAddressRules {
  /// What kind of address is refused.
  public enum Kind: String, Sendable, Equatable, Codable {
    /// This machine: 127.0.0.0/8, ::1.
    case loopback
    /// A private network: RFC 1918, shared address space (100.64.0.0/10), unique-local
    /// (fc00::/7) and site-local (fec0::/10) addresses.
    case privateNetwork
    /// A link-local address: 169.254.0.0/16 (where clouds answer with credentials), fe80::/10.
    case linkLocal
    /// No address at all (0.0.0.0/8, ::), which Linux takes for this machine.
    case unspecified
    /// A multicast group (224.0.0.0/4, ff00::/8).
    case multicast
    /// Reserved ranges no web site uses (240.0.0.0/4, the broadcast address, the old
    /// IPv4-compatible IPv6 addresses).
    case reserved
  }

  /// What `bytes` (4 for IPv4, 16 for IPv6, network order) is when a fetch may not connect
  /// to it; nil for a public address.
  public static func kind(of bytes: [UInt8]) -> Kind? {
    switch bytes.count {
    case 4: return kind(ipv4: bytes)
    case 16: return kind(ipv6: bytes)
    default: return .reserved
    }
  }

  /// The first of `addresses` a fetch may not connect to, and why; nil when all may be.
  ///
  /// `allowingLoopback`: the person asked for this machine's own pages too (tests and the
  /// simulator serve pages on 127.0.0.1).
  public static func refused(_ addresses: [[UInt8]], allowingLoopback: Bool) -> (
    address: [UInt8], kind: Kind
  )? {
    for address in addresses {
      guard let kind = kind(of: address) else { continue }
      if kind == .loopback && allowingLoopback { continue }
      return (address, kind)
    }
    return nil
  }

  private static func kind(ipv4 bytes: [UInt8]) -> Kind? {
    let (first, second) = (bytes[0], bytes[1])
    switch first {
    case 0: return .unspecified
    case 10: return .privateNetwork
    case 100 where second & 0xC0 == 64: return .privateNetwork
    case 127: return .loopback
    case 169 where second == 254: return .linkLocal
    case 172 where second & 0xF0 == 16: return .privateNetwork
    case 192 where second == 168: return .privateNetwork
    case 224...239: return .multicast
    case 240...255: return .reserved
    default: return nil
    }
  }

  private static func kind(ipv6 bytes: [UInt8]) -> Kind? {
    let prefix = bytes.prefix(12)
    if prefix.allSatisfy({ $0 == 0 }) {
      let last = bytes.suffix(4)
      if last.allSatisfy({ $0 == 0 }) { return .unspecified }
      if last.elementsEqual([0, 0, 0, 1]) { return .loopback }
      return .reserved
    }
    // An IPv4 address inside an IPv6 one reaches that IPv4 address: IPv4-mapped
    // (::ffff:0:0/96), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
    if prefix.elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF])
      || prefix.elementsEqual([0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0])
    {
      return kind(ipv4: Array(bytes.suffix(4)))
    }
    if bytes[0] == 0x20, bytes[1] == 0x02 { return kind(ipv4: Array(bytes[2..<6])) }
    switch bytes[0] {
    case 0xFC, 0xFD: return .privateNetwork
    case 0xFE where bytes[1] & 0xC0 == 0x80: return .linkLocal
    case 0xFE where bytes[1] & 0xC0 == 0xC0: return .privateNetwork
    case 0xFF: return .multicast
    default: return nil
    }
  }
}
