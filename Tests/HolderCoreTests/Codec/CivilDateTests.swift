import Testing

@testable import HolderCore

@Suite struct CivilDateTests {
  @Test func everyDayFromYearZeroToTenThousandFollowsTheDayBefore() {
    // Exhaustive: about 3.65 million days, each checked against its neighbour.
    let first = CivilDate.days(year: 0, month: 1, day: 1)
    let last = CivilDate.days(year: 9999, month: 12, day: 31)
    var previous = CivilDate(days: first - 1)
    #expect(previous == CivilDate(year: -1, month: 12, day: 31))
    var failures = 0
    for day in first...last {
      let date = CivilDate(days: day)
      let isNext =
        (date.year == previous.year && date.month == previous.month && date.day == previous.day + 1)
        || (date.year == previous.year && date.month == previous.month + 1 && date.day == 1
          && previous.day == CivilDate.daysInMonth(year: previous.year, month: previous.month))
        || (date.year == previous.year + 1 && date.month == 1 && date.day == 1
          && previous.month == 12 && previous.day == 31)
      if !isNext || CivilDate.days(year: date.year, month: date.month, day: date.day) != day {
        failures += 1
      }
      previous = date
    }
    #expect(failures == 0)
    #expect(CivilDate(days: 0) == CivilDate(year: 1970, month: 1, day: 1))
  }

  @Test func knowsLeapYears() {
    #expect(CivilDate.daysInMonth(year: 2024, month: 2) == 29)
    #expect(CivilDate.daysInMonth(year: 2000, month: 2) == 29)
    #expect(CivilDate.daysInMonth(year: 1900, month: 2) == 28)
    #expect(CivilDate.daysInMonth(year: 2026, month: 2) == 28)
  }
}
