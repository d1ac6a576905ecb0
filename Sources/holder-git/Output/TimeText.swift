import HolderCore
import Localization

/// Times for people, to the minute, as the reader writes them: `2026-11-21 09:14`,
/// `2026년 11월 21일 09:14`, `2026年11月21日 09:14` (data keeps RFC 3339).
enum TimeText {
  /// `time` as it read on the clock `offsetMinutes` east of UTC (0: UTC itself).
  static func minute(_ time: Timestamp, offsetMinutes: Int) -> String {
    let english = time.minuteText(offsetMinutes: offsetMinutes)
    let local = Timestamp(
      millisecondsSince1970: time.millisecondsSince1970 + Int64(offsetMinutes) * 60_000)
    let text = local.rfc3339
    let clock = String(text.dropFirst(11).prefix(5))
    let parts = text.prefix(10).split(separator: "-").map { Int($0) ?? 0 }
    guard parts.count == 3 else { return english }
    switch Catalog.current.language {
    case .english: return english
    case .korean: return "\(parts[0])년 \(parts[1])월 \(parts[2])일 \(clock)"
    case .japanese: return "\(parts[0])年\(parts[1])月\(parts[2])日 \(clock)"
    }
  }

  /// A stored instant shown to people (`show`, `status`): RFC 3339 in English, as the file
  /// says it; `2026년 11월 21일 09:14:05 UTC`, `2026年11月21日 09:14:05 UTC` for readers of
  /// Korean and Japanese, who do not write dates with T and Z.
  static func moment(_ time: Timestamp) -> String {
    guard Catalog.current.language != .english else { return time.rfc3339 }
    let seconds = String(time.rfc3339.dropFirst(16).prefix(3))
    return minute(time, offsetMinutes: 0) + seconds + " UTC"
  }
}
