import Foundation
import HolderCore
import Testing

@Suite struct ApproximateDateTests {
  /// Friday 2026-11-20 16:30:15.250 UTC.
  private let now = Timestamp(millisecondsSince1970: 1_795_192_215_250)
  private let utc = TimeZone(secondsFromGMT: 0) ?? .current
  private let seoul = TimeZone(identifier: "Asia/Seoul") ?? .current

  private func parse(_ text: String, in zone: TimeZone? = nil) -> String? {
    ApproximateDate.parse(text, now: now, timeZone: zone ?? utc)?.rfc3339
  }

  @Test(
    arguments: [
      ("2026-11-20 14:00", "2026-11-20T14:00:00.000Z"),
      ("2026-11-20  14:00:05", "2026-11-20T14:00:05.000Z"),
      ("2026-11-20T14:00", "2026-11-20T14:00:00.000Z"),
      ("2026-11-20 14:00:00.5", "2026-11-20T14:00:00.500Z"),
      ("2026-11-20", "2026-11-20T00:00:00.000Z"),
      ("2026/11/20", "2026-11-20T00:00:00.000Z"),
      ("2026-1-2", "2026-01-02T00:00:00.000Z"),
      ("2026-11-20T14:00:00Z", "2026-11-20T14:00:00.000Z"),
      ("2026-11-20T14:00:00+09:00", "2026-11-20T05:00:00.000Z"),
      ("2026-11-20 14:00 +0900", "2026-11-20T05:00:00.000Z"),
      ("2026-11-20 14:00 UTC", "2026-11-20T14:00:00.000Z"),
      ("@1795252443", "2026-11-21T09:14:03.000Z"),
    ] as [(String, String)])
  func readsAMoment(text: String, expected: String) {
    #expect(parse(text) == expected)
  }

  @Test(
    arguments: [
      ("now", "2026-11-20T16:30:15.250Z"),
      ("yesterday", "2026-11-19T16:30:15.250Z"),
      ("today", "2026-11-20T00:00:00.000Z"),
      ("yesterday noon", "2026-11-19T12:00:00.000Z"),
      ("yesterday 09:15", "2026-11-19T09:15:00.000Z"),
      ("2.weeks.ago", "2026-11-06T16:30:15.250Z"),
      ("3 days ago", "2026-11-17T16:30:15.250Z"),
      ("1 hour ago", "2026-11-20T15:30:15.250Z"),
      ("90.minutes.ago", "2026-11-20T15:00:15.250Z"),
      ("last week", "2026-11-13T16:30:15.250Z"),
      ("a month ago", "2026-10-20T16:30:15.250Z"),
      ("2 years ago", "2024-11-20T16:30:15.250Z"),
      ("1 week 2 days ago", "2026-11-11T16:30:15.250Z"),
      ("Yesterday", "2026-11-19T16:30:15.250Z"),
    ] as [(String, String)])
  func readsATimeBeforeNow(text: String, expected: String) {
    #expect(parse(text) == expected)
  }

  @Test func readsLocalTimesInTheZoneGiven() {
    #expect(parse("2026-11-20 14:00", in: seoul) == "2026-11-20T05:00:00.000Z")
    #expect(parse("2026-11-21", in: seoul) == "2026-11-20T15:00:00.000Z")
    #expect(parse("today", in: seoul) == "2026-11-20T15:00:00.000Z", "it is the 21st there")
    #expect(parse("2026-11-20T14:00:00Z", in: seoul) == "2026-11-20T14:00:00.000Z")
  }

  @Test(arguments: [
    "", "soon", "2026-13-01", "2026-02-30", "2026-11-20 25:00", "2026-11-20 14",
    "weeks ago", "2.fortnights.later", "HEAD~3", "main", "2026-11-20 14:00 +99", "ago",
  ])
  func refusesWhatIsNoDate(text: String) {
    #expect(parse(text) == nil)
  }
}
