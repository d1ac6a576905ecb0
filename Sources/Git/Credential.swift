/// A user name and password (or token) for a remote, offered to libgit2 once.
public struct Credential: Hashable, Sendable {
  public var username: String
  public var password: String

  public init(username: String, password: String) {
    self.username = username
    self.password = password
  }
}

/// Where credentials come from, tried in order, each at most once per operation.
///
/// libgit2 calls back again after a refused credential (credential.h: "it's easy to get in a
/// loop"); the wrapper offers each source once and then fails with `.auth`, never handing the
/// same credential back (STYLE §9).
public struct CredentialSource: Sendable {
  /// A name for messages ("HOLDER_GIT_TOKEN", "git credential helper").
  public var name: String
  /// The credential for `url` (the remote's URL) and the user name in it, when there is one.
  public var provide: @Sendable (_ url: String, _ username: String?) -> Credential?

  public init(
    name: String, provide: @escaping @Sendable (_ url: String, _ username: String?) -> Credential?
  ) {
    self.name = name
    self.provide = provide
  }
}

/// Which sources an operation used: the last one offered is the one that worked when the
/// operation succeeded (so a credential helper can be told to approve it).
public struct CredentialUse: Sendable {
  /// The names of the sources offered, in order.
  public var offered: [String]
  /// The credential last handed to libgit2, if any.
  public var last: Credential?

  public init(offered: [String] = [], last: Credential? = nil) {
    self.offered = offered
    self.last = last
  }
}
