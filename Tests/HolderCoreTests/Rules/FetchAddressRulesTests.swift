import HolderCore
import Testing

@Suite struct FetchAddressRulesTests {
  private static func ipv4(_ text: String) -> [UInt8] {
    text.split(separator: ".").compactMap { UInt8($0) }
  }

  /// An IPv6 address from its eight groups, `::` not allowed.
  private static func ipv6(_ groups: [UInt16]) -> [UInt8] {
    groups.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
  }

  @Test(arguments: [
    ("127.0.0.1", FetchAddressRules.Kind.loopback), ("127.255.0.9", .loopback),
    ("10.1.2.3", .privateNetwork), ("172.16.0.1", .privateNetwork),
    ("172.31.255.255", .privateNetwork), ("192.168.1.10", .privateNetwork),
    ("100.64.0.1", .privateNetwork), ("169.254.169.254", .linkLocal),
    ("0.0.0.0", .unspecified), ("0.1.2.3", .unspecified), ("224.0.0.251", .multicast),
    ("239.255.255.250", .multicast), ("255.255.255.255", .reserved), ("240.0.0.1", .reserved),
  ])
  func ipv4AddressesAFetchMayNotReach(_ address: String, _ kind: FetchAddressRules.Kind) {
    #expect(FetchAddressRules.kind(of: Self.ipv4(address)) == kind)
  }

  @Test(arguments: [
    "93.184.215.14", "8.8.8.8", "172.15.255.255", "172.32.0.1", "192.169.0.1", "100.128.0.1",
    "169.253.0.1", "223.255.255.255", "11.0.0.1",
  ])
  func publicIPv4AddressesMayBeFetched(_ address: String) {
    #expect(FetchAddressRules.kind(of: Self.ipv4(address)) == nil)
  }

  @Test func ipv6AddressesAreJudgedAsTheyReach() {
    let cases: [([UInt16], FetchAddressRules.Kind?)] = [
      ([0, 0, 0, 0, 0, 0, 0, 1], .loopback),
      ([0, 0, 0, 0, 0, 0, 0, 0], .unspecified),
      ([0xFD12, 0x3456, 0, 0, 0, 0, 0, 1], .privateNetwork),
      ([0xFC00, 0, 0, 0, 0, 0, 0, 1], .privateNetwork),
      ([0xFE80, 0, 0, 0, 0, 0, 0, 1], .linkLocal),
      ([0xFEC0, 0, 0, 0, 0, 0, 0, 1], .privateNetwork),
      ([0xFF02, 0, 0, 0, 0, 0, 0, 0xFB], .multicast),
      // IPv4 inside IPv6 reaches that IPv4 address.
      ([0, 0, 0, 0, 0, 0xFFFF, 0x7F00, 1], .loopback),
      ([0, 0, 0, 0, 0, 0xFFFF, 0xA9FE, 0xA9FE], .linkLocal),
      ([0x64, 0xFF9B, 0, 0, 0, 0, 0x0A00, 1], .privateNetwork),
      ([0x2002, 0x7F00, 1, 0, 0, 0, 0, 1], .loopback),
      ([0, 0, 0, 0, 0, 0, 0x7F00, 1], .reserved),
      ([0x2001, 0xDB8, 0, 0, 0, 0, 0, 1], nil),
      ([0x2606, 0x4700, 0, 0, 0, 0, 0, 0x1111], nil),
      ([0, 0, 0, 0, 0, 0xFFFF, 0x5DB8, 0xD70E], nil),
    ]
    for (groups, kind) in cases {
      #expect(FetchAddressRules.kind(of: Self.ipv6(groups)) == kind, "\(groups)")
    }
  }

  @Test func loopbackIsAllowedOnlyWhenAskedAndNothingElseWithIt() {
    let loopback = Self.ipv4("127.0.0.1")
    let linkLocal = Self.ipv4("169.254.169.254")
    let outside = Self.ipv4("93.184.215.14")
    #expect(FetchAddressRules.refused([outside], allowingLoopback: false) == nil)
    #expect(
      FetchAddressRules.refused([outside, loopback], allowingLoopback: false)?.kind == .loopback)
    #expect(FetchAddressRules.refused([loopback], allowingLoopback: true) == nil)
    // A name with one public and one private address is refused: the connection may go to
    // either.
    let refused = FetchAddressRules.refused([loopback, linkLocal], allowingLoopback: true)
    #expect(refused?.address == linkLocal && refused?.kind == .linkLocal)
  }
}
