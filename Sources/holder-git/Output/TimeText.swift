import HolderCore

/// Times for people: `2026-11-21 09:14`, to the minute.
enum TimeText {
  /// `time` as it read on the clock `offsetMinutes` east of UTC (0: UTC itself).
  static func minute(_ time: Timestamp, offsetMinutes: Int) -> String {
    time.minuteText(offsetMinutes: offsetMinutes)
  }
}
