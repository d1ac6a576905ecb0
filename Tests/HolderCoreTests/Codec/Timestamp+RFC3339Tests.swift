import HolderCore
import HolderCoreTestSupport
import PropertyBased
import Testing

@Suite struct TimestampRFC3339Tests {
  private func ms(_ value: Int64) -> Timestamp { Timestamp(millisecondsSince1970: value) }

  @Test(
    arguments: [
      (0, "1970-01-01T00:00:00.000Z"),
      (1_795_252_443_120, "2026-11-21T09:14:03.120Z"),
      (-1, "1969-12-31T23:59:59.999Z"),
      (951_782_400_000, "2000-02-29T00:00:00.000Z"),
      (-62_167_219_200_000, "0000-01-01T00:00:00.000Z"),
      (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
    ] as [(Int64, String)])
  func writesUTCWithThreeFractionalDigits(milliseconds: Int64, text: String) {
    #expect(ms(milliseconds).rfc3339 == text)
    #expect(Timestamp(rfc3339: text) == ms(milliseconds))
  }

  @Test func clampsTimesThatRFC3339CannotWrite() {
    #expect(ms(.max).rfc3339 == "9999-12-31T23:59:59.999Z")
    #expect(ms(.min).rfc3339 == "0000-01-01T00:00:00.000Z")
  }

  @Test(
    arguments: [
      ("2026-11-21T09:14:03Z", 1_795_252_443_000),
      ("2026-11-21t09:14:03.1z", 1_795_252_443_100),
      ("2026-11-21T09:14:03.123456789Z", 1_795_252_443_123),
      ("2026-11-21T18:14:03.120+09:00", 1_795_252_443_120),
      ("2026-11-21T04:44:03.120-04:30", 1_795_252_443_120),
      ("2026-11-21T09:14:03.120-00:00", 1_795_252_443_120),
      ("1969-12-31T23:59:59.9999Z", -1),
      ("2024-02-29T00:00:00Z", 1_709_164_800_000),
      ("2016-12-31T23:59:60Z", 1_483_228_800_000),
    ] as [(String, Int64)])
  func readsAnyRFC3339DateTimeAsUTCMilliseconds(text: String, milliseconds: Int64) {
    #expect(Timestamp(rfc3339: text) == ms(milliseconds))
  }

  @Test(arguments: [
    "", "2026-11-21", "2026-11-21T09:14:03", "2026-11-21 09:14:03Z", "2026-13-01T00:00:00Z",
    "2026-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2026-04-31T00:00:00Z",
    "2026-11-21T24:00:00Z", "2026-11-21T09:60:00Z", "2026-11-21T09:14:61Z",
    "2026-11-21T09:14:03.Z", "2026-11-21T09:14:03.1234567890Z", "2026-11-21T09:14:03+0900",
    "2026-11-21T09:14:03+24:00", "26-11-21T09:14:03Z", "2026-11-21T09:14:03ZZ",
    "+2026-11-21T09:14:03Z", "２０２６-11-21T09:14:03Z",
  ])
  func refusesWhatIsNotAnRFC3339DateTime(text: String) {
    #expect(Timestamp(rfc3339: text) == nil)
  }

  @Test func readsBackEveryTimeItWrites() async {
    let all =
      Timestamp.rfc3339Minimum
      .millisecondsSince1970...Timestamp.rfc3339Maximum
      .millisecondsSince1970
    await propertyCheck(count: 1000, input: Gen.int64(in: all)) { milliseconds in
      #expect(Timestamp(rfc3339: ms(milliseconds).rfc3339) == ms(milliseconds))
    }
  }
}
