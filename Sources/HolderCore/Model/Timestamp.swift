/// A point in time with millisecond precision, as stored in bookmark files.
///
/// Stored as milliseconds since 1970-01-01T00:00:00Z so that comparing and
/// stamping (`previous + 1 ms`) is exact; the codec writes it as RFC 3339 UTC
/// with three fractional digits (`2026-11-21T09:14:03.120Z`).
public struct Timestamp: Hashable, Comparable, Sendable {
  /// Milliseconds since the Unix epoch (negative before 1970).
  public var millisecondsSince1970: Int64

  /// Makes a timestamp from milliseconds since the Unix epoch.
  public init(millisecondsSince1970: Int64) {
    self.millisecondsSince1970 = millisecondsSince1970
  }

  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.millisecondsSince1970 < rhs.millisecondsSince1970
  }

  /// The timestamp one millisecond later.
  public var nextMillisecond: Timestamp {
    Timestamp(millisecondsSince1970: millisecondsSince1970 + 1)
  }

  /// How far ahead of a clock a stamp may be before it is taken for a wrong clock's: ten
  /// minutes, more than clocks that keep time drift apart.
  public static let aheadMargin: Int64 = 10 * 60 * 1000

  /// The latest stamp a machine whose clock says `self` writes or believes.
  public var aheadLimit: Timestamp {
    Timestamp(millisecondsSince1970: millisecondsSince1970 + Self.aheadMargin)
  }

  /// The stamp for an edit made at `now` to something last modified at `previous`.
  ///
  /// DESIGN §5: the later of the clock and the previous stamp plus one
  /// millisecond, so a machine whose clock is behind never moves a
  /// bookmark's own history backwards — but never beyond `now.aheadLimit`: a stamp from a
  /// clock years ahead (a phone set to 2030) would otherwise carry every later edit with it.
  public static func stamp(now: Timestamp, previous: Timestamp?) -> Timestamp {
    guard let previous else { return now }
    return min(max(now, previous.nextMillisecond), now.aheadLimit)
  }
}
