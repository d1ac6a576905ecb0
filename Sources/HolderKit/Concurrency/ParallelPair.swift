// Owns running two different pieces of work at once: a sync's first fetch beside its
// hand-edit scan, an import's status and history walk beside its reading of the file.
import Dispatch

enum ParallelPair {
  /// Runs `background` on another thread while `work` runs on this one; `background`'s
  /// result, once both have ended (also when `work` throws).
  ///
  /// `background` gets nothing of this thread's: what touches git opens a `Repository` of
  /// its own, since libgit2 wants each of its objects on one thread at a time.
  static func run<Background: Sendable>(
    _ background: @escaping @Sendable () -> Background,
    while work: () throws(StoreError) -> Void
  ) throws(StoreError) -> Background {
    let outcome = Outcome<Background>()
    DispatchQueue.global().async {
      outcome.value = background()
      outcome.done.signal()
    }
    let worked: Result<Void, StoreError>
    do {
      try work()
      worked = .success(())
    } catch {
      worked = .failure(error)
    }
    outcome.done.wait()
    if case .failure(let error) = worked { throw error }
    guard let value = outcome.value else { preconditionFailure("the background work ended") }
    return value
  }

  /// The background thread's result, handed over once it has finished.
  private final class Outcome<Value: Sendable>: @unchecked Sendable {
    // Written by the background thread before `done` is signalled, read only after the wait.
    var value: Value? = nil
    let done = DispatchSemaphore(value: 0)
  }
}
