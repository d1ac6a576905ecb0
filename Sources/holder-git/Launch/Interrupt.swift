import HolderKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C: during a write that can still be taken back (an import writing its files), the
/// write is asked to stop, takes back what it wrote and fails with `stopped by Ctrl-C`, and
/// holder-git exits 130 as a shell expects of an interrupted command; at any other time, and at
/// a second Ctrl-C, the process ends at once as it always did (the journal covers the rest).
enum Interrupt {
  /// The exit code of a command ended by SIGINT (128 + 2).
  static let exitCode: Int32 = 130

  static func install() {
    // The handler may touch nothing that is not made yet: the atomics are made here.
    _ = WriteInterruption.canTakeBack
    _ = WriteInterruption.isRequested
    signal(SIGINT) { _ in
      if WriteInterruption.canTakeBack && !WriteInterruption.isRequested {
        WriteInterruption.request()
      } else {
        signal(SIGINT, SIG_DFL)
        raise(SIGINT)
      }
    }
  }
}
