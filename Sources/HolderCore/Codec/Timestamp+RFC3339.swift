// Timestamps as RFC 3339 text: its range, the writer and the reader.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Timestamp {
  /// The earliest time RFC 3339 can write: 0000-01-01T00:00:00.000Z.
  public static let rfc3339Minimum = Timestamp(
    millisecondsSince1970: CivilDate.days(year: 0, month: 1, day: 1) * 86_400_000)
  /// The latest time RFC 3339 can write: 9999-12-31T23:59:59.999Z.
  public static let rfc3339Maximum = Timestamp(
    millisecondsSince1970: CivilDate.days(year: 10_000, month: 1, day: 1) * 86_400_000 - 1)

  /// The time as RFC 3339 in UTC with exactly three fractional digits.
  ///
  /// For example `2026-11-21T09:14:03.120Z`. A time outside the years
  /// 0000–9999 is written as the nearest one inside them.
  public var rfc3339: String {
    let clamped = min(max(self, .rfc3339Minimum), .rfc3339Maximum).millisecondsSince1970
    let (days, millisecondOfDay) = clamped.quotientAndRemainder(dividingBy: 86_400_000)
    // quotientAndRemainder truncates; times before 1970 need the floor.
    let (day, milliseconds) =
      millisecondOfDay < 0 ? (days - 1, millisecondOfDay + 86_400_000) : (days, millisecondOfDay)
    let date = CivilDate(days: day)
    var text: [UInt8] = []
    text.reserveCapacity(24)
    Timestamp.append(date.year, width: 4, to: &text, then: "-")
    Timestamp.append(date.month, width: 2, to: &text, then: "-")
    Timestamp.append(date.day, width: 2, to: &text, then: "T")
    Timestamp.append(milliseconds / 3_600_000, width: 2, to: &text, then: ":")
    Timestamp.append(milliseconds / 60_000 % 60, width: 2, to: &text, then: ":")
    Timestamp.append(milliseconds / 1000 % 60, width: 2, to: &text, then: ".")
    Timestamp.append(milliseconds % 1000, width: 3, to: &text, then: "Z")
    return String(decoding: text, as: UTF8.self)
  }

  /// Reads any RFC 3339 date-time; nil when `text` is not one.
  ///
  /// Accepts `t`/`T`, `z`/`Z` or a `±hh:mm` offset, and 0 to 9 fractional
  /// digits; digits past milliseconds are dropped (truncated, not rounded).
  /// A leap second (`:60`) reads as the first millisecond-exact instant after
  /// second 59, as the arithmetic gives.
  public init?(rfc3339 text: String) {
    let bytes = Array(text.utf8)
    var reader = DigitReader(bytes: bytes)
    guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2),
      reader.skip("-"), let day = reader.number(2), reader.skip("T") || reader.skip("t"),
      let hour = reader.number(2), reader.skip(":"), let minute = reader.number(2),
      reader.skip(":"), let second = reader.number(2)
    else { return nil }
    guard (1...12).contains(month),
      (1...CivilDate.daysInMonth(year: year, month: month)).contains(day),
      hour < 24, minute < 60, second <= 60
    else { return nil }
    var milliseconds: Int64 = 0
    if reader.skip(".") {
      let start = reader.position
      var scale: Int64 = 100
      while let digit = reader.digit() {
        milliseconds += digit * scale
        scale /= 10
      }
      guard (1...9).contains(reader.position - start) else { return nil }
    }
    var offsetMinutes: Int64 = 0
    if reader.skip("Z") || reader.skip("z") {
      offsetMinutes = 0
    } else if let sign: Int64 = reader.skip("+") ? 1 : reader.skip("-") ? -1 : nil,
      let offsetHour = reader.number(2), reader.skip(":"), let offsetMinute = reader.number(2),
      offsetHour < 24, offsetMinute < 60
    {
      offsetMinutes = sign * (offsetHour * 60 + offsetMinute)
    } else {
      return nil
    }
    guard reader.position == bytes.count else { return nil }
    let days = CivilDate.days(year: year, month: month, day: day)
    let seconds = ((days * 24 + hour) * 60 + minute - offsetMinutes) * 60 + second
    self.init(millisecondsSince1970: seconds * 1000 + milliseconds)
  }

  /// Appends `value` (not negative) as `width` decimal digits, then `separator`.
  private static func append(
    _ value: Int64, width: Int, to text: inout [UInt8], then separator: Unicode.Scalar
  ) {
    var divisor: Int64 = 1
    for _ in 1..<width { divisor *= 10 }
    while divisor > 0 {
      text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
      divisor /= 10
    }
    text.append(UInt8(ascii: separator))
  }
}

/// A cursor over ASCII bytes for fixed-width numbers.
private struct DigitReader {
  let bytes: [UInt8]
  var position = 0

  mutating func digit() -> Int64? {
    guard position < bytes.count, (0x30...0x39).contains(bytes[position]) else { return nil }
    position += 1
    return Int64(bytes[position - 1] - 0x30)
  }

  mutating func number(_ width: Int) -> Int64? {
    var value: Int64 = 0
    for _ in 0..<width {
      guard let digit = digit() else { return nil }
      value = value * 10 + digit
    }
    return value
  }

  mutating func skip(_ character: Unicode.Scalar) -> Bool {
    guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
    position += 1
    return true
  }
}

extension Timestamp {
  /// `text` with each RFC 3339 time in it (`2026-03-01T12:01:53.000Z`, as merge commits write
  /// them) replaced by `shown(time)`, for a sentence shown in the reader's own way of writing
  /// times.
  public static func replacingTimes(in text: String, _ shown: (Timestamp) -> String) -> String {
    text.replacing(/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,9})?Z/) {
      let time = String($0.output.0)
      return Timestamp(rfc3339: time).map(shown) ?? time
    }
  }
}
