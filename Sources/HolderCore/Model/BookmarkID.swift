import Foundation

/// The stable identity of a bookmark: a lowercase UUID string.
///
/// It never changes when the URL (and so the file path) changes; the merge
/// matches bookmarks by it.
public struct BookmarkID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The lowercase textual UUID, `8-4-4-4-12` hex digits.
  public let rawValue: String

  /// Accepts a UUID in any case; returns nil when `text` is not a UUID.
  public init?(_ text: String) {
    let lower = text.lowercased()
    let groups = lower.split(separator: "-", omittingEmptySubsequences: false)
    guard groups.map(\.count) == [8, 4, 4, 4, 12],
      groups.allSatisfy({ $0.allSatisfy(\.isHexDigit) })
    else { return nil }
    rawValue = lower
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
