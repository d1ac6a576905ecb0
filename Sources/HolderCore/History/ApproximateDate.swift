#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The dates `log --since` and `restore --at` take, the forms git's approxidate takes: a
/// moment (`2026-11-20 14:00`, `2026-11-20T14:00:00+09:00`, `2026-11-20`, `@1795252443`) or a
/// time before now (`yesterday`, `2.weeks.ago`, `3 days ago`, `last week`, `yesterday noon`).
///
/// Pure: the caller gives the clock and the time zone that local times are read in, so tests
/// and `HOLDER_GIT_NOW` get the same answer every time. As in git, a date without a zone is
/// local time, and `yesterday` is this time yesterday; unlike git, a day without a time
/// (`2026-11-20`, `today`) is its start, not the current time of day on it.
public enum ApproximateDate {
  /// The moment `text` names, nil when it is none of the forms above.
  public static func parse(_ text: String, now: Timestamp, timeZone: TimeZone) -> Timestamp? {
    let trimmed = text.trimmingSpaces()
    guard !trimmed.isEmpty else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    if trimmed.hasPrefix("@"), let seconds = Int64(trimmed.dropFirst()) {
      return Timestamp(millisecondsSince1970: seconds * 1000)
    }
    if let exact = Timestamp(rfc3339: trimmed) { return exact }
    if let moment = absolute(trimmed, calendar: calendar) { return moment }
    return relative(trimmed.lowercased(), now: now, calendar: calendar)
  }

  // MARK: A moment

  /// `YYYY-MM-DD` (or with `/` or `.`), then optionally `T` or spaces, `HH:MM[:SS[.fff]]` and
  /// a zone (`Z`, `+09:00`, `+0900`, `UTC`).
  private static func absolute(_ text: String, calendar: Calendar) -> Timestamp? {
    let parts = text.split(
      maxSplits: 1, omittingEmptySubsequences: true, whereSeparator: { $0 == "T" || $0 == " " })
    guard let day = date(parts[0]) else { return nil }
    var components = DateComponents(year: day.year, month: day.month, day: day.day)
    var zone: Int?
    if parts.count == 2 {
      guard let time = clock(String(parts[1]).trimmingSpaces()) else {
        return nil
      }
      components.hour = time.hour
      components.minute = time.minute
      components.second = time.second
      components.nanosecond = time.milliseconds * 1_000_000
      zone = time.zoneSeconds
    }
    var zoned = calendar
    if let zone, let fixed = TimeZone(secondsFromGMT: zone) { zoned.timeZone = fixed }
    guard let date = zoned.date(from: components),
      zoned.component(.day, from: date) == day.day
    else { return nil }
    return timestamp(date)
  }

  private static func date(_ text: Substring) -> (year: Int, month: Int, day: Int)? {
    let fields = text.split(whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." })
    guard fields.count == 3, fields[0].count == 4, fields[1].count <= 2, fields[2].count <= 2,
      fields.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
      let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2]),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    return (year, month, day)
  }

  private struct ClockTime {
    var hour: Int
    var minute: Int
    var second: Int
    var milliseconds: Int
    var zoneSeconds: Int?
  }

  /// `HH:MM[:SS[.fff]]` with an optional zone after it.
  private static func clock(_ text: String) -> ClockTime? {
    var body = Substring(text)
    var zone: Int?
    if body.uppercased().hasSuffix("UTC") || body.uppercased().hasSuffix("Z") {
      body = body.dropLast(body.uppercased().hasSuffix("Z") ? 1 : 3)
      zone = 0
    } else if let sign = body.lastIndex(where: { $0 == "+" || $0 == "-" }) {
      let offset = body[body.index(after: sign)...].filter { $0 != ":" }
      guard offset.count == 4 || offset.count == 2, offset.allSatisfy(\.isASCIIDigit),
        let value = Int(offset)
      else { return nil }
      let (hours, minutes) = offset.count == 4 ? (value / 100, value % 100) : (value, 0)
      guard hours < 24, minutes < 60 else { return nil }
      zone = (body[sign] == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
      body = body[..<sign]
    }
    let fields = body.trimmingSpaces().split(
      separator: ":", omittingEmptySubsequences: false)
    guard fields.count == 2 || fields.count == 3 else { return nil }
    var secondText = fields.count == 3 ? Substring(fields[2]) : "0"
    var milliseconds = 0
    if let dot = secondText.firstIndex(of: ".") {
      let fraction = secondText[secondText.index(after: dot)...]
      guard !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigit) else { return nil }
      milliseconds = Int((fraction + "000").prefix(3)) ?? 0
      secondText = secondText[..<dot]
    }
    guard
      [fields[0], fields[1], secondText].allSatisfy({
        (1...2).contains($0.count) && $0.allSatisfy(\.isASCIIDigit)
      }),
      let hour = Int(fields[0]), let minute = Int(fields[1]), let second = Int(secondText),
      hour < 24, minute < 60, second < 61
    else { return nil }
    return ClockTime(
      hour: hour, minute: minute, second: min(second, 59), milliseconds: milliseconds,
      zoneSeconds: zone)
  }

  // MARK: A time before now

  private static let units: [String: (Calendar.Component, Int)] = [
    "second": (.second, 1), "sec": (.second, 1), "minute": (.minute, 1), "min": (.minute, 1),
    "hour": (.hour, 1), "day": (.day, 1), "week": (.day, 7), "fortnight": (.day, 14),
    "month": (.month, 1), "year": (.year, 1),
  ]

  private static let numbers: [String: Int] = [
    "a": 1, "an": 1, "last": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10,
  ]

  /// Words separated by spaces, dots, commas or underscores, as git reads them.
  private static func relative(_ text: String, now: Timestamp, calendar: Calendar) -> Timestamp? {
    var words = text.split(whereSeparator: { " .,_".contains($0) }).map(String.init)
    var date = Date(timeIntervalSince1970: Double(now.millisecondsSince1970) / 1000)
    var timeOfDay: ClockTime?
    if let last = words.last {
      if last == "noon" || last == "midnight" {
        timeOfDay = ClockTime(
          hour: last == "noon" ? 12 : 0, minute: 0, second: 0, milliseconds: 0)
        words.removeLast()
      } else if last.contains(":"), let time = clock(last) {
        timeOfDay = time
        words.removeLast()
      }
    }
    if words.last == "ago" { words.removeLast() }
    var index = 0
    var understood = timeOfDay != nil
    while index < words.count {
      let word = words[index]
      switch word {
      case "now":
        index += 1
      case "today":
        if timeOfDay == nil {
          timeOfDay = ClockTime(hour: 0, minute: 0, second: 0, milliseconds: 0)
        }
        index += 1
      case "yesterday":
        guard let moved = calendar.date(byAdding: .day, value: -1, to: date) else { return nil }
        date = moved
        index += 1
      default:
        guard index + 1 < words.count, let count = Int(word) ?? numbers[word],
          let (component, size) = unit(words[index + 1]),
          let moved = calendar.date(byAdding: component, value: -count * size, to: date)
        else { return nil }
        date = moved
        index += 2
      }
      understood = true
    }
    guard understood else { return nil }
    if let timeOfDay {
      guard
        let set = calendar.date(
          bySettingHour: timeOfDay.hour, minute: timeOfDay.minute, second: timeOfDay.second,
          of: date)
      else { return nil }
      date = set
    }
    return timestamp(date)
  }

  /// `week`, `weeks`: the calendar step a unit word names.
  private static func unit(_ word: String) -> (Calendar.Component, Int)? {
    if let unit = units[word] { return unit }
    if word.hasSuffix("s"), let unit = units[String(word.dropLast())] { return unit }
    return nil
  }

  private static func timestamp(_ date: Date) -> Timestamp {
    Timestamp(millisecondsSince1970: Int64((date.timeIntervalSince1970 * 1000).rounded()))
  }
}

extension Character {
  /// 0 to 9 only: dates are written in ASCII digits (`Character.isNumber` takes ٣ and ３ too).
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
