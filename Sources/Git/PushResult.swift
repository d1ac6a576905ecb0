/// What a push did: the references the server refused, with its reason for each.
public struct PushResult: Sendable {
  /// Reference name → the server's message, for every reference it did not accept.
  public var rejected: [String: String]
  /// The credentials offered on the way.
  public var credentials: CredentialUse

  public init(
    rejected: [String: String] = [:],
    credentials: CredentialUse = CredentialUse(offered: [], last: nil)
  ) {
    self.rejected = rejected
    self.credentials = credentials
  }

  /// True when the server accepted every reference.
  public var isAccepted: Bool { rejected.isEmpty }
}
