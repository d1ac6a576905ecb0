import Synchronization

/// A process-wide libgit2 option held away from its usual value while any caller needs it,
/// and put back when the last one is done: callers on other threads never undo each other.
final class HeldOption: Sendable {
  private let holders = Mutex(0)
  /// Sets the option: `true` for the held value, `false` for the usual one.
  private let apply: @Sendable (_ held: Bool) -> Void

  init(apply: @escaping @Sendable (_ held: Bool) -> Void) {
    self.apply = apply
  }

  /// True while some caller holds the option.
  var isHeld: Bool { holders.withLock { $0 > 0 } }

  /// Runs `body` with the option held.
  func holding<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure)
    -> Value
  {
    LibGit2.initialize()
    holders.withLock { count in
      if count == 0 { apply(true) }
      count += 1
    }
    defer {
      holders.withLock { count in
        count -= 1
        if count == 0 { apply(false) }
      }
    }
    return try body()
  }
}
