import Foundation

// Child processes for tests: one run to completion with its output, and the error of a
// non-zero exit.

/// A child process that exited with a non-zero status.
public struct ProcessFailure: Error, CustomStringConvertible {
  /// The executable and its arguments.
  public var command: [String]
  /// The exit status.
  public var status: Int32
  /// Everything the process wrote to stderr.
  public var stderr: String

  /// The failure of `command`, which exited with `status` after writing `stderr`.
  public init(command: [String], status: Int32, stderr: String) {
    self.command = command
    self.status = status
    self.stderr = stderr
  }

  /// `'git commit' exited with 1: <stderr>`.
  public var description: String {
    "'\(command.joined(separator: " "))' exited with \(status): \(stderr)"
  }
}

/// How long a child may run before `runProcess` kills it: far beyond any command the tests
/// run (a few seconds, a minute under a sanitizer), so that only a hang reaches it.
public let childProcessDeadline: Double = 600

/// Runs `executable` with `args` to completion and returns its exit status and output.
///
/// stdout and stderr are drained while the process runs, and stdin is fed from another
/// thread, so a child that writes a lot before reading (or the other way round) cannot
/// deadlock against a full pipe. `env` nil inherits this process's environment.
///
/// A hang fails the test instead of the whole run: a child still running after `deadline`
/// seconds is killed with everything it started (its process group), and so is an output
/// that a process the child started keeps open a minute after the child exited; either way
/// the error names the command and what it printed.
public func runProcess(
  _ executable: String, _ args: [String], cwd: String?, env: [String: String]?,
  stdin: [UInt8]?, deadline: Double = childProcessDeadline
) throws -> (status: Int32, stdout: String, stderr: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = args
  if let cwd {
    process.currentDirectoryURL = URL(fileURLWithPath: cwd)
  }
  if let env {
    process.environment = env
  }
  let output = Pipe()
  let errors = Pipe()
  let input = Pipe()
  process.standardOutput = output
  process.standardError = errors
  process.standardInput = stdin == nil ? FileHandle.nullDevice : input
  let exited = DispatchSemaphore(value: 0)
  process.terminationHandler = { _ in exited.signal() }
  // A child that exits without reading its input must not kill the whole test process.
  ignoreBrokenPipes
  try process.run()

  let stdoutDrain = Drain(output.fileHandleForReading)
  let stderrDrain = Drain(errors.fileHandleForReading)
  if let stdin {
    DispatchQueue.global().async {
      let writer = input.fileHandleForWriting
      // A child that exits without reading closes the pipe; that is its business, not ours.
      try? writer.write(contentsOf: Data(stdin))
      try? writer.close()
    }
  }
  let command = [executable] + args
  func failure(_ what: String) -> ProcessFailure {
    ProcessFailure(
      command: command, status: -1,
      stderr: "\(what); it had printed:\n\(stdoutDrain.text)\n\(stderrDrain.text)")
  }
  if exited.wait(timeout: .now() + deadline) == .timedOut {
    killGroup(of: process.processIdentifier)
    exited.wait()
    _ = stdoutDrain.wait(seconds: 10)
    _ = stderrDrain.wait(seconds: 10)
    throw failure("still running after \(Int(deadline)) s, so it was killed")
  }
  guard stdoutDrain.wait(seconds: 60), stderrDrain.wait(seconds: 60) else {
    // The child is reaped, so its pid may be another process's by now; its group's id is not
    // reused while a member (the one keeping the output open) lives.
    kill(-process.processIdentifier, SIGKILL)
    throw failure(
      "exited with \(process.terminationStatus), but a process it started kept its output "
        + "open for a minute more, so they were killed")
  }
  return (process.terminationStatus, stdoutDrain.text, stderrDrain.text)
}

/// SIGKILL to a running `pid`'s process group when it leads one (Foundation starts each child
/// as the leader of its own), else to `pid` alone.
private func killGroup(of pid: Int32) {
  if getpgid(pid) == pid {
    kill(-pid, SIGKILL)
  } else {
    kill(pid, SIGKILL)
  }
}

/// A pipe read to its end on a dispatch thread (never the cooperative pool), its bytes so far
/// readable at any time.
private final class Drain: @unchecked Sendable {
  private let lock = NSLock()
  private var bytes = Data()
  private let ended = DispatchSemaphore(value: 0)

  init(_ reader: FileHandle) {
    DispatchQueue.global().async { [self] in
      while true {
        let chunk = reader.availableData
        if chunk.isEmpty { break }
        lock.withLock { bytes.append(chunk) }
      }
      try? reader.close()
      ended.signal()
    }
  }

  /// Waits up to `seconds` for the end of the pipe; true when it came.
  func wait(seconds: Double) -> Bool {
    guard ended.wait(timeout: .now() + seconds) == .success else { return false }
    ended.signal()
    return true
  }

  var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
}

/// Writes to a pipe whose reader is gone fail with EPIPE instead of raising SIGPIPE, once for
/// the test process.
private let ignoreBrokenPipes: Void = {
  _ = signal(SIGPIPE, SIG_IGN)
}()
