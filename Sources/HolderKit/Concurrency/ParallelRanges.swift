// Owns running one piece of work over consecutive parts of a range on every core at once:
// the stat of every file, the reading of new files and the scoring of a large search all
// split their positions this way.
import Dispatch
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

enum ParallelRanges {
  /// `work` on each of `parts` consecutive ranges that together cover `0..<count`, all at
  /// once; the results in the order of the ranges.
  static func map<Result: Sendable>(
    _ count: Int, parts: Int, _ work: @Sendable (Range<Int>) -> Result
  ) -> [Result] {
    let parts = max(1, parts)
    let size = (count + parts - 1) / parts
    let results = Mutex<[Result?]>(Array(repeating: nil, count: parts))
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      let start = min(count, part * size)
      let result = work(start..<min(count, start + size))
      results.withLock { $0[part] = result }
    }
    return results.withLock { $0.compactMap { $0 } }
  }

  /// `work` at every position of `0..<count`, the results in order: on this thread below
  /// `oneThreadBelow` positions (starting others would cost more), else in `parts` ranges at
  /// once.
  static func positions<Result: Sendable>(
    _ count: Int, oneThreadBelow: Int,
    parts: Int = ProcessInfo.processInfo.activeProcessorCount,
    _ work: @Sendable (Int) -> Result
  ) -> [Result] {
    guard count >= oneThreadBelow else { return (0..<count).map(work) }
    return map(count, parts: parts) { range in range.map(work) }.flatMap { $0 }
  }
}
