import HolderCore

/// Times for people: `2026-11-21 09:14`, to the minute.
enum TimeText {
  /// `time` as it read on the clock `offsetMinutes` east of UTC (0: UTC itself).
  static func minute(_ time: Timestamp, offsetMinutes: Int) -> String {
    let local = Timestamp(
      millisecondsSince1970: time.millisecondsSince1970 + Int64(offsetMinutes) * 60_000)
    let text = local.rfc3339
    return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
  }
}
