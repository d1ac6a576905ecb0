import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the `ADD_DATE` / `LAST_MODIFIED` numbers of bookmark files.
///
/// Browsers write seconds since 1970 (Firefox, Chrome, Safari), some tools milliseconds or
/// microseconds (Firefox's own places, some exporters), and Chrome's internal time is
/// microseconds since 1601. The size of the number tells them apart: a date between 1970
/// and 2286 in seconds is below 10^10, in milliseconds below 10^13, in microseconds below
/// 10^16; larger numbers are 1601-based microseconds.
public enum ImportDate {
  /// Seconds from 1601-01-01 (Windows / WebKit epoch) to 1970-01-01.
  static let webKitEpochOffsetSeconds: Int64 = 11_644_473_600

  /// The date of the attribute `name` (lowercase) of `attributes`, named `shown` (the name
  /// upper-cased, as Netscape files write it) in a warning; nil when it is absent,
  /// and nil with a warning naming the attribute and its value when it cannot be read (the
  /// import then uses its own time, or leaves the change time out).
  public static func read(
    _ attributes: [String: String], _ name: String, shownAs shown: String? = nil,
    warnings: inout [String]
  ) -> Timestamp? {
    guard let text = attributes[name] else { return nil }
    if let date = parse(text) { return date }
    let shown = shown ?? name.uppercased()
    let value = VisibleText.oneLine(String(text.prefix(40)))
    let fallback =
      name == "last_modified"
      ? Message("left out").english : Message("the time of the import is used instead").english
    warnings.append(
      text.trimmingSpaces().isEmpty
        ? Message("\(shown) is empty: \(fallback)").english
        : Message("\(shown) \"\(value)\" is not a date: \(fallback)").english)
    return nil
  }

  /// The time `text` stands for, or nil when it is not a positive whole number (or a date
  /// a bookmark cannot have, such as 0 — what some exporters write for "unknown").
  public static func parse(_ text: String) -> Timestamp? {
    let trimmed = text.trimmingSpaces()
    var digits = Substring(trimmed)
    // Some exporters write fractions of seconds ("1700000000.123").
    var fraction: Substring = ""
    if let dot = digits.firstIndex(of: ".") {
      fraction = digits[digits.index(after: dot)...]
      digits = digits[..<dot]
    }
    guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      fraction.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(digits), value > 0
    else { return nil }
    let milliseconds: Int64
    switch value {
    case ..<10_000_000_000:
      let fractionMilliseconds = Int64(String((fraction + "000").prefix(3))) ?? 0
      milliseconds = value * 1000 + fractionMilliseconds
    case ..<10_000_000_000_000: milliseconds = value
    case ..<10_000_000_000_000_000: milliseconds = value / 1000
    default:
      milliseconds = value / 1000 - webKitEpochOffsetSeconds * 1000
    }
    guard milliseconds > 0 else { return nil }
    return Timestamp(millisecondsSince1970: milliseconds)
  }
}
