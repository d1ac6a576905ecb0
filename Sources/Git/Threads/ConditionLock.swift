// A lock with a condition to wait on, for code that must block (a libgit2 callback, a worker
// thread) rather than suspend.
#if canImport(Glibc)
import Glibc
#endif

/// A pthread mutex and condition variable: what Foundation's `NSCondition` was, without
/// corelibs Foundation.
///
/// `Mutex` from Synchronization cannot wait for a change; a continuation cannot be waited for
/// from synchronous code. Waiting here blocks the thread, so it is for threads of our own and
/// libgit2's, never for Swift concurrency's cooperative pool.
package final class ConditionLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  package init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  package func lock() {
    pthread_mutex_lock(mutex)
  }

  package func unlock() {
    pthread_mutex_unlock(mutex)
  }

  /// Releases the lock, sleeps until `broadcast` (or a spurious wake-up: callers wait in a
  /// loop on their own condition), and takes the lock again.
  package func wait() {
    pthread_cond_wait(condition, mutex)
  }

  /// Wakes every thread in `wait`.
  package func broadcast() {
    pthread_cond_broadcast(condition)
  }

  /// Runs `body` holding the lock.
  package func withLock<Value, Failure: Error>(
    _ body: () throws(Failure) -> Value
  ) throws(Failure) -> Value {
    lock()
    defer { unlock() }
    return try body()
  }
}
