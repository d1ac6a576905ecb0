import Foundation
import HolderKit

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

  private let process: Process
  private let savedOutput: Int32
  private let foreground: TerminalForeground?

  private init(process: Process, savedOutput: Int32, foreground: TerminalForeground?) {
    self.process = process
    self.savedOutput = savedOutput
    self.foreground = foreground
  }

  /// The pager command for a store at `root` (nil: no store), or nil for none.
  static func command(environment: [String: String], storeRoot root: String?) -> String? {
    let chosen =
      environment["HOLDER_GIT_PAGER"] ?? environment["GIT_PAGER"]
      ?? root.flatMap(configuredPager(in:)) ?? environment["PAGER"] ?? "less"
    let command = chosen.trimmingCharacters(in: .whitespaces)
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
    // Colour and width are the terminal's, decided before standard output becomes the pipe.
    TerminalStyle.capture()
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

  /// `core.pager` as git reads it for the store (its own config, then the global ones); nil
  /// when it is not set or git cannot be run.
  ///
  /// Spawned and waited for by hand: Foundation's `waitUntilExit` polls in 50 ms steps, which
  /// made a paged `list` three times slower than git's own lookup (1.5 ms).
  private static func configuredPager(in root: String) -> String? {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
    posix_spawn_file_actions_addclose(&actions, ends[0])
    posix_spawn_file_actions_addclose(&actions, ends[1])
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    let words: [String] = ["git", "-C", root, "config", "--get", "core.pager"]
    let arguments = words.map { strdup($0) }
    defer { for argument in arguments { free(argument) } }
    var pid = pid_t()
    let spawned = posix_spawnp(&pid, "git", &actions, nil, arguments + [nil], environ)
    close(ends[1])
    defer { close(ends[0]) }
    guard spawned == 0 else { return nil }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(ends[0], &buffer, buffer.count)
      if count > 0 {
        output += buffer[..<count]
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    guard status == 0 else { return nil }
    var value = String(decoding: output, as: UTF8.self)
    if value.hasSuffix("\n") { value.removeLast() }
    return value
  }
}
