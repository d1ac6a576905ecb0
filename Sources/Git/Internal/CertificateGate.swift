/// One lock around libgit2's TLS set-up.
///
/// The CA locations are process-wide, and with mbedTLS setting them frees the CA chain a
/// handshake on another thread may be reading. A transfer holds the gate from setting the
/// locations it needs until it ends; the locations change only while no transfer runs, so no
/// handshake reads a freed chain and no transfer trusts another repository's CAs halfway
/// through.
final class CertificateGate: @unchecked Sendable {
  /// Where to find trusted CAs; nil fields are libgit2's defaults.
  struct Locations: Equatable {
    var file: String?
    var directory: String?
  }

  /// Hands the locations to libgit2; returns its status.
  typealias Setter = (Locations) -> Int32

  private let condition = ConditionLock()
  private let set: Setter
  // Guarded by `condition`.
  private var trusted: Locations?
  private var transfers = 0
  /// Called, with the lock held, each time a transfer starts waiting (for tests).
  var onWait: (() -> Void)?

  init(setter: @escaping Setter) {
    self.set = setter
  }

  /// Runs `transfer` with `wanted` in effect for the whole of it (nil: whatever is in effect),
  /// setting it first when it is not, once no other transfer runs.
  func run<Value>(
    trusting wanted: Locations?, _ transfer: () throws(GitError) -> Value
  ) throws(GitError) -> Value {
    condition.lock()
    while let wanted, wanted != trusted, transfers > 0 {
      onWait?()
      condition.wait()
    }
    if let wanted, wanted != trusted {
      let status = set(wanted)
      guard status >= 0 else {
        condition.unlock()
        throw GitError.last(status, "git_libgit2_opts")
      }
      trusted = wanted
    }
    transfers += 1
    condition.unlock()
    defer {
      condition.lock()
      transfers -= 1
      condition.broadcast()
      condition.unlock()
    }
    return try transfer()
  }
}
