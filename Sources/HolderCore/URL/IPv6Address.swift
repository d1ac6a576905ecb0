#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The shape check for an IPv6 literal written between brackets in a URL.
///
/// The address is kept as written (lower-cased), not compressed: a shape check is enough to
/// refuse garbage, and rewriting `0:0::1` into `::1` would be one more rule to keep stable.
enum IPv6Address {
  /// True for eight hex groups, or fewer with one `::`, the last two optionally as IPv4.
  static func isValid(_ address: String) -> Bool {
    let halves = address.components(separatedBy: "::")
    guard halves.count <= 2 else { return false }
    var groupCount = 0
    for (index, half) in halves.enumerated() where !half.isEmpty {
      let groups = half.split(separator: ":", omittingEmptySubsequences: false)
      for (position, group) in groups.enumerated() {
        let isLastGroup = index == halves.count - 1 && position == groups.count - 1
        if isLastGroup, group.contains(".") {
          let parts = group.split(separator: ".", omittingEmptySubsequences: false)
          guard parts.count == 4,
            parts.allSatisfy({ part in
              part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber }
                && (Int(part) ?? 256) <= 255
            })
          else { return false }
          groupCount += 2
        } else {
          guard (1...4).contains(group.count), group.allSatisfy({ $0.isASCII && $0.isHexDigit })
          else { return false }
          groupCount += 1
        }
      }
    }
    return halves.count == 2 ? groupCount <= 7 : groupCount == 8
  }
}
