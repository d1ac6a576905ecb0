internal import CLibGit2

/// Whether libgit2 checks each object it reads against its id (a process-wide setting).
public enum HashVerification {
  private static let check = HeldOption { suspended in
    _ = holder_git_set_strict_hash_verification(suspended ? 0 : 1)
  }

  /// Runs `body` with libgit2's check of every object read turned off.
  ///
  /// Hashing each of thousands of trees again costs about as much as parsing them; a cache
  /// built from the repository's own objects does not need it. Other threads read unchecked
  /// meanwhile, which costs them only the check.
  public static func suspended<Value>(_ body: () throws -> Value) rethrows -> Value {
    try check.holding(body)
  }
}
