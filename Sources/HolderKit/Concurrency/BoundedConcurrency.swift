import Dispatch
import Git
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Runs blocking work on at most `limit` threads at once: for fetches that mostly wait.
enum BoundedConcurrency {
  /// `body(0..<count)`, at most `limit` at a time, results in index order.
  ///
  /// `progress` is called after each item with the number done so far, from the worker
  /// thread that finished it.
  static func map<T: Sendable>(
    _ count: Int, limit: Int, progress: @escaping @Sendable (Int) -> Void = { _ in },
    _ body: @escaping @Sendable (Int) -> T
  ) -> [T] {
    guard count > 0 else { return [] }
    let work = Work<T>(count: count)
    let group = DispatchGroup()
    for _ in 0..<max(1, min(limit, count)) {
      group.enter()
      // Real threads, not the dispatch pool: each worker blocks on the network for seconds.
      startDetachedThread {
        while let index = work.next() {
          let done = work.store(body(index), at: index)
          progress(done)
        }
        group.leave()
      }
    }
    group.wait()
    return work.results()
  }

  /// The shared queue of indices and the results, behind a lock.
  private final class Work<T: Sendable>: @unchecked Sendable {
    private let lock = Mutex(())
    private var nextIndex = 0
    private var done = 0
    private var slots: [T?]
    private let count: Int

    init(count: Int) {
      self.count = count
      slots = Array(repeating: nil, count: count)
    }

    func next() -> Int? {
      lock.withLock { _ in
        guard nextIndex < count else { return nil }
        defer { nextIndex += 1 }
        return nextIndex
      }
    }

    func store(_ value: T, at index: Int) -> Int {
      lock.withLock { _ in
        slots[index] = value
        done += 1
        return done
      }
    }

    func results() -> [T] {
      lock.withLock { _ in slots.compactMap { $0 } }
    }
  }
}
