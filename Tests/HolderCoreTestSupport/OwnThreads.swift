import Foundation

// Blocking work on threads of its own, never on Swift's cooperative pool: a test that blocks
// the pool's few threads (two on a two-core machine) waiting for child processes starves
// every other test of them, and one that waits for another task to get a thread can wait
// for ever.

/// Runs `body(0..<count)` at once, each on a thread of its own, and returns the results in
/// index order once all are done.
public func onOwnThreads<T: Sendable>(
  _ count: Int, _ body: @escaping @Sendable (Int) throws -> T
) throws -> [T] {
  let results = Results<T>(count: count)
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    let thread = Thread {
      results.store(Result { try body(index) }, at: index)
      group.leave()
    }
    thread.start()
  }
  group.wait()
  return try results.all()
}

/// Work that runs on a thread of its own until it returns; `value` waits for it.
public final class OwnThread<T: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var result: Result<T, any Error>?

  /// Starts `body` on a new thread.
  public init(_ body: @escaping @Sendable () throws -> T) {
    let thread = Thread { [self] in
      result = Result { try body() }
      done.signal()
    }
    thread.start()
  }

  /// What `body` returned (or threw), once it has.
  public func value() throws -> T {
    done.wait()
    done.signal()
    guard let result else { preconditionFailure("the thread signalled without a result") }
    return try result.get()
  }
}

/// One result per index, behind a lock.
private final class Results<T: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [Result<T, any Error>?]

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func store(_ result: Result<T, any Error>, at index: Int) {
    lock.withLock { slots[index] = result }
  }

  func all() throws -> [T] {
    try lock.withLock {
      try slots.map { slot in
        guard let slot else { preconditionFailure("a thread left without a result") }
        return try slot.get()
      }
    }
  }
}
