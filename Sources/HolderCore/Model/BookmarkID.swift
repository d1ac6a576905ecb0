#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The stable identity of a bookmark: a lowercase UUID string.
///
/// It never changes when the URL (and so the file path) changes; the merge
/// matches bookmarks by it.
public struct BookmarkID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The lowercase textual UUID, `8-4-4-4-12` hex digits.
  public let rawValue: String

  /// Accepts a UUID in any case; returns nil when `text` is not a UUID.
  public init?(_ text: String) {
    // One pass over the bytes: indexing reads an id from every file, and only
    // ASCII hex digits make a UUID (not, say, fullwidth ones).
    guard text.utf8.count == 36 else { return nil }
    var lower: [UInt8] = []
    lower.reserveCapacity(36)
    for (offset, byte) in text.utf8.enumerated() {
      switch (offset, byte) {
      case (8, UInt8(ascii: "-")), (13, UInt8(ascii: "-")), (18, UInt8(ascii: "-")),
        (23, UInt8(ascii: "-")):
        lower.append(byte)
      case (8, _), (13, _), (18, _), (23, _):
        return nil
      case (_, UInt8(ascii: "0")...UInt8(ascii: "9")), (_, UInt8(ascii: "a")...UInt8(ascii: "f")):
        lower.append(byte)
      case (_, UInt8(ascii: "A")...UInt8(ascii: "F")):
        lower.append(byte | 0x20)
      default:
        return nil
      }
    }
    rawValue = String(decoding: lower, as: UTF8.self)
  }

  /// The id of a UUID value.
  public init(uuid: UUID) {
    rawValue = uuid.uuidString.lowercased()
  }

  public var description: String { rawValue }

  public static func < (lhs: BookmarkID, rhs: BookmarkID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
