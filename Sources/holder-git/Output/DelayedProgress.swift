import Foundation

/// A `ProgressLine` that shows only once the work has taken a second, so quick runs stay quiet.
final class DelayedProgress: @unchecked Sendable {
  private let line: ProgressLine
  private let start = Date()
  private let delay: TimeInterval
  private let lock = NSLock()
  private var shown = false

  /// A bar with `label` in front, on a terminal only, after `delay` seconds.
  init(label: String, delay: TimeInterval = 1) {
    line = ProgressLine(label: label)
    self.delay = delay
  }

  /// Redraws the bar once the delay has passed.
  func update(_ done: Int, of total: Int) {
    lock.lock()
    if !shown && Date().timeIntervalSince(start) >= delay { shown = true }
    let draw = shown
    lock.unlock()
    if draw { line.update(done, of: total) }
  }

  /// Clears the bar's line when it was shown.
  func finish() {
    lock.lock()
    let wasShown = shown
    lock.unlock()
    if wasShown { line.finish() }
  }
}
