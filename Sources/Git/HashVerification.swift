internal import CLibGit2
import Synchronization

/// Whether libgit2 checks each object it reads against its id (a process-wide setting).
public enum HashVerification {
  /// How many callers asked for it off; it is on again when the last one is done.
  private static let suspensions = Mutex(0)

  /// Runs `body` with libgit2's check of every object read turned off.
  ///
  /// Hashing each of thousands of trees again costs about as much as parsing them; a cache
  /// built from the repository's own objects does not need it. Other threads read unchecked
  /// meanwhile, which costs them only the check.
  public static func suspended<Value>(_ body: () throws -> Value) rethrows -> Value {
    LibGit2.initialize()
    suspensions.withLock { count in
      if count == 0 { _ = holder_git_set_strict_hash_verification(0) }
      count += 1
    }
    defer {
      suspensions.withLock { count in
        count -= 1
        if count == 0 { _ = holder_git_set_strict_hash_verification(1) }
      }
    }
    return try body()
  }
}
