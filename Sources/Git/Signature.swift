/// Who made a commit and when, as git records it.
public struct Signature: Hashable, Sendable {
  /// The person's name.
  public var name: String
  /// The person's email address, without angle brackets.
  public var email: String
  /// Seconds since the Unix epoch.
  public var time: Int64
  /// The time zone's offset from UTC in minutes, east positive: -420 for -0700.
  public var offsetMinutes: Int

  /// Makes a signature value.
  public init(name: String, email: String, time: Int64, offsetMinutes: Int = 0) {
    self.name = name
    self.email = email
    self.time = time
    self.offsetMinutes = offsetMinutes
  }
}
