import Foundation

/// Runs a person's command line (a browser, an editor) through `/bin/sh`, so it may carry
/// arguments, as git runs `$EDITOR`.
enum Shell {
  /// Runs `line` with `name` as `$0` and `argument` as `$1`, and gives its exit status.
  ///
  /// 127 means the shell found no such program. Throws only when the shell cannot start.
  static func run(_ line: String, name: String, argument: String) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", line, name, argument]
    try process.run()
    // An editor such as vim reads keys and sets the terminal's mode: it must be the
    // terminal's foreground job while it runs.
    let foreground = TerminalForeground(group: process.processIdentifier)
    process.waitUntilExit()
    foreground?.restore()
    return process.terminationStatus
  }
}
