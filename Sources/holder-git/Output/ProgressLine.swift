import Glibc
import HolderKit
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A one-line progress bar on standard error, drawn only when it is a terminal.
final class ProgressLine: Sendable {
  private let label: String
  private let enabled: Bool
  private let lastDrawn = Mutex(-1)

  /// A bar with `label` in front, shown only when stderr is a terminal and not under `--quiet`.
  init(label: String) {
    self.label = label
    enabled = isatty(STDERR_FILENO) == 1 && !Printer.quiet
  }

  /// Redraws the bar when the whole percentage moved.
  func update(_ done: Int, of total: Int) {
    guard enabled, total > 0 else { return }
    let percent = done * 100 / total
    lastDrawn.withLock { lastDrawn in
      guard percent != lastDrawn else { return }
      lastDrawn = percent
      let width = 30
      let filled = percent * width / 100
      let bar =
        String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
      try? StandardStream.error.write("\r\(label) [\(bar)] \(done)/\(total)")
    }
  }

  /// Clears the bar's line.
  func finish() {
    guard enabled else { return }
    try? StandardStream.error.write("\r\u{1B}[K")
  }
}
