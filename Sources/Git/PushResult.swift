/// What a push did: the references the server refused, with its reason for each.
public struct PushResult: Hashable, Sendable {
  /// Reference name → the server's message, for every reference it did not accept.
  public var rejected: [String: String]

  public init(rejected: [String: String] = [:]) {
    self.rejected = rejected
  }

  /// True when the server accepted every reference.
  public var isAccepted: Bool { rejected.isEmpty }
}
