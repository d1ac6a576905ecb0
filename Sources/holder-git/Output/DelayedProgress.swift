import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// A `ProgressLine` that shows only once the work has taken a second, so quick runs stay quiet.
final class DelayedProgress: Sendable {
  private let line: ProgressLine
  private let start = Date()
  private let delay: TimeInterval
  private let shown = Mutex(false)

  /// A bar with `label` in front, on a terminal only, after `delay` seconds.
  init(label: String, delay: TimeInterval = 1) {
    line = ProgressLine(label: label)
    self.delay = delay
  }

  /// Redraws the bar once the delay has passed.
  func update(_ done: Int, of total: Int) {
    let draw = shown.withLock { shown in
      if !shown && Date().timeIntervalSince(start) >= delay { shown = true }
      return shown
    }
    if draw { line.update(done, of: total) }
  }

  /// Clears the bar's line when it was shown.
  func finish() {
    if shown.withLock({ $0 }) { line.finish() }
  }
}
