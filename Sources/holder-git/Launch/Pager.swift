import Foundation

/// Long output through a pager, as git pages `git log`: only when standard output is a
/// terminal; `$HOLDER_GIT_PAGER`, else `$PAGER`, else `less` with `LESS=FRX` (quits when the
/// text fits one screen, keeps colours, leaves the text on the screen); an empty pager or
/// `cat` means none, and `--no-pager` turns it off.
final class Pager {
  private let process: Process
  private let savedOutput: Int32
  private let foreground: TerminalForeground?

  private init(process: Process, savedOutput: Int32, foreground: TerminalForeground?) {
    self.process = process
    self.savedOutput = savedOutput
    self.foreground = foreground
  }

  /// Starts the pager and sends standard output to it; nil when there is none to start.
  static func start(disabled: Bool = false) -> Pager? {
    guard !disabled, isatty(STDOUT_FILENO) == 1 else { return nil }
    let environment = ProcessInfo.processInfo.environment
    let command = (environment["HOLDER_GIT_PAGER"] ?? environment["PAGER"] ?? "less")
      .trimmingCharacters(in: .whitespaces)
    if command.isEmpty || command == "cat" { return nil }
    var pagerEnvironment = environment
    if pagerEnvironment["LESS"] == nil { pagerEnvironment["LESS"] = "FRX" }
    if pagerEnvironment["LV"] == nil { pagerEnvironment["LV"] = "-c" }
    let pipe = Pipe()
    // The pager must not hold the pipe's write end itself, or it never sees the end.
    _ = fcntl(pipe.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.environment = pagerEnvironment
    process.standardInput = pipe
    do {
      try process.run()
    } catch {
      return nil  // No pager to be had: the text goes to the terminal as it is.
    }
    let foreground = TerminalForeground(group: process.processIdentifier)
    let saved = dup(STDOUT_FILENO)
    dup2(pipe.fileHandleForWriting.fileDescriptor, STDOUT_FILENO)
    try? pipe.fileHandleForWriting.close()
    try? pipe.fileHandleForReading.close()
    return Pager(process: process, savedOutput: saved, foreground: foreground)
  }

  /// Ends the text (the pager sees the end of its input) and waits for the person to quit it.
  func finish() {
    dup2(savedOutput, STDOUT_FILENO)
    close(savedOutput)
    process.waitUntilExit()
    foreground?.restore()
  }
}
