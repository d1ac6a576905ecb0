import HolderKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Runs a person's command line (a browser, an editor) through `/bin/sh`, so it may carry
/// arguments, as git runs `$EDITOR`.
enum Shell {
  /// Runs `line` with `name` as `$0` and `argument` as `$1`, and gives its exit status.
  ///
  /// 127 means the shell found no such program. Throws only when the shell cannot start.
  static func run(_ line: String, name: String, argument: String) throws -> Int32 {
    // An editor such as vim reads keys and sets the terminal's mode: it must be the
    // terminal's foreground job while it runs, in a process group of its own.
    let process = try ChildProcess.start(
      "/bin/sh", arguments: ["-c", line, name, argument], ownProcessGroup: true)
    let foreground = TerminalForeground(group: process.pid)
    let termination = process.wait()
    foreground?.restore()
    switch termination {
    case .exited(let status): return status
    // The signal's number, as Foundation's `terminationStatus` gave it.
    case .signalled(let signal): return signal
    case .unknown: return 1
    }
  }
}
