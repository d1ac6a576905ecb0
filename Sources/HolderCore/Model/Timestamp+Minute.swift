// Times for people, to the minute (`2026-11-21 09:14`, `2026년 11월 21일 09:14`,
// `2026年11月21日 09:14`): the CLI's log and `show` and the web app's pages show the same text.
import Localization

extension Timestamp {
  /// This time as it read on a clock `offsetMinutes` east of UTC (0: UTC itself).
  public func minuteText(offsetMinutes: Int) -> String {
    let local = Timestamp(
      millisecondsSince1970: millisecondsSince1970 + Int64(offsetMinutes) * 60_000)
    let text = local.rfc3339
    return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
  }

  /// `minuteText(offsetMinutes:)` as a reader of `language` writes dates (data keeps RFC 3339).
  public func minuteText(offsetMinutes: Int, in language: Language) -> String {
    let english = minuteText(offsetMinutes: offsetMinutes)
    let local = Timestamp(
      millisecondsSince1970: millisecondsSince1970 + Int64(offsetMinutes) * 60_000)
    let text = local.rfc3339
    let clock = String(text.dropFirst(11).prefix(5))
    let parts = text.prefix(10).split(separator: "-").map { Int($0) ?? 0 }
    guard parts.count == 3 else { return english }
    switch language {
    case .english: return english
    case .korean: return "\(parts[0])년 \(parts[1])월 \(parts[2])일 \(clock)"
    case .japanese: return "\(parts[0])年\(parts[1])月\(parts[2])日 \(clock)"
    }
  }

  /// A stored instant shown to people (`show`, `status`): RFC 3339 in English, as the file
  /// says it; `2026년 11월 21일 09:14:05 UTC`, `2026年11月21日 09:14:05 UTC` for readers of
  /// Korean and Japanese, who do not write dates with T and Z.
  public func momentText(in language: Language) -> String {
    guard language != .english else { return rfc3339 }
    let seconds = String(rfc3339.dropFirst(16).prefix(3))
    return minuteText(offsetMinutes: 0, in: language) + seconds + " UTC"
  }
}
