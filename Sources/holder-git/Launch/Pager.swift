import HolderCore
import HolderKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Long output through a pager, as git pages it.
///
/// `log`, `list`, `search` and `diff` page only when standard output is a terminal. The pager
/// is chosen as git chooses one, with holder-git's own
/// variable first: `$HOLDER_GIT_PAGER`, `$GIT_PAGER`, the store's `core.pager` (as `git config`
/// reads it, global settings included), `$PAGER`, else `less` with `LESS=FRX` (quits when the
/// text fits one screen, keeps colours, leaves the text on the screen); an empty pager or `cat`
/// means none, and `--no-pager` (`-P`) before the command turns it off.
final class Pager {
  /// Set by the leading `--no-pager`: no command starts a pager in this run.
  nonisolated(unsafe) static var turnedOff = false

  private let process: ChildProcess
  private let savedOutput: Int32
  private let foreground: TerminalForeground?

  private init(process: ChildProcess, savedOutput: Int32, foreground: TerminalForeground?) {
    self.process = process
    self.savedOutput = savedOutput
    self.foreground = foreground
  }

  /// The pager command for a store at `root` (nil: no store), or nil for none.
  static func command(environment: [String: String], storeRoot root: String?) -> String? {
    let chosen =
      environment["HOLDER_GIT_PAGER"] ?? environment["GIT_PAGER"]
      ?? root.flatMap(configuredPager(in:)) ?? environment["PAGER"] ?? "less"
    let command = chosen.trimmingSpaces()
    return command.isEmpty || command == "cat" ? nil : command
  }

  /// Starts the pager and sends standard output to it; nil when there is none to start.
  static func start(store: Store? = nil, disabled: Bool = false) -> Pager? {
    guard !disabled, !turnedOff, isatty(STDOUT_FILENO) == 1 else { return nil }
    let environment = ProcessInfo.processInfo.environment
    guard let command = command(environment: environment, storeRoot: store?.root) else {
      return nil
    }
    var pagerEnvironment = environment
    if pagerEnvironment["LESS"] == nil { pagerEnvironment["LESS"] = "FRX" }
    if pagerEnvironment["LV"] == nil { pagerEnvironment["LV"] = "-c" }
    // In a process group of its own, as a shell starts a job, to be handed the terminal. Its
    // input is a pipe whose write end only this process holds (closed on exec), or it would
    // never see the end.
    guard
      let process = try? ChildProcess.start(
        "/bin/sh", arguments: ["-c", command], environment: pagerEnvironment, input: .pipe,
        ownProcessGroup: true),
      let pipe = process.input
    else {
      return nil  // No pager to be had: the text goes to the terminal as it is.
    }
    // Colour and width are the terminal's, decided before standard output becomes the pipe.
    TerminalStyle.capture()
    let foreground = TerminalForeground(group: process.pid)
    let saved = dup(STDOUT_FILENO)
    dup2(pipe, STDOUT_FILENO)
    close(pipe)
    return Pager(process: process, savedOutput: saved, foreground: foreground)
  }

  /// Ends the text (the pager sees the end of its input) and waits for the person to quit it.
  func finish() {
    dup2(savedOutput, STDOUT_FILENO)
    close(savedOutput)
    process.wait()
    foreground?.restore()
  }

  /// `core.pager` as git reads it for the store (its own config, then the global ones); nil
  /// when it is not set or git cannot be run.
  ///
  /// Waited for with `waitpid`, not polled: Foundation's `waitUntilExit` polls in 50 ms
  /// steps, which made a paged `list` three times slower than git's own lookup (1.5 ms).
  private static func configuredPager(in root: String) -> String? {
    guard
      let (termination, output) = try? ChildProcess.run(
        "git", arguments: ["-C", root, "config", "--get", "core.pager"], searchingPath: true),
      termination.succeeded
    else { return nil }
    var value = String(decoding: output, as: UTF8.self)
    if value.hasSuffix("\n") { value.removeLast() }
    return value
  }
}
