// Times for people, to the minute (`2026-11-21 09:14`): the CLI's log and the web app's
// history show the same text.

extension Timestamp {
  /// This time as it read on a clock `offsetMinutes` east of UTC (0: UTC itself).
  public func minuteText(offsetMinutes: Int) -> String {
    let local = Timestamp(
      millisecondsSince1970: millisecondsSince1970 + Int64(offsetMinutes) * 60_000)
    let text = local.rfc3339
    return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
  }
}
