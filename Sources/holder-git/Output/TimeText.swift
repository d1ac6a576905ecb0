import HolderCore
import Localization

/// Times for people, to the minute, as the reader writes them.
///
/// `2026-11-21 09:14`, `2026년 11월 21일 09:14`, `2026年11月21日 09:14` (data keeps RFC 3339);
/// the rendering is HolderCore's, which the web app shares.
enum TimeText {
  /// `time` as it read on the clock `offsetMinutes` east of UTC (0: UTC itself).
  static func minute(_ time: Timestamp, offsetMinutes: Int) -> String {
    time.minuteText(offsetMinutes: offsetMinutes, in: Catalog.current.language)
  }

  /// A stored instant shown to people (`show`, `status`).
  static func moment(_ time: Timestamp) -> String {
    time.momentText(in: Catalog.current.language)
  }
}
