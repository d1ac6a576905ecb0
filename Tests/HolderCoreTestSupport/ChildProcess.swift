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

/// Runs `executable` with `args` to completion and returns its exit status and output.
///
/// stdout and stderr are drained while the process runs, and stdin is fed from another
/// thread, so a child that writes a lot before reading (or the other way round) cannot
/// deadlock against a full pipe. `env` nil inherits this process's environment.
public func runProcess(
  _ executable: String, _ args: [String], cwd: String?, env: [String: String]?,
  stdin: [UInt8]?
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
  // A child that exits without reading its input must not kill the whole test process.
  ignoreBrokenPipes
  try process.run()

  let group = DispatchGroup()
  let stderrData = DataBox()
  DispatchQueue.global().async(group: group) {
    stderrData.data = errors.fileHandleForReading.readDataToEndOfFile()
  }
  if let stdin {
    DispatchQueue.global().async(group: group) {
      let writer = input.fileHandleForWriting
      // A child that exits without reading closes the pipe; that is its business, not ours.
      try? writer.write(contentsOf: Data(stdin))
      try? writer.close()
    }
  }
  let stdoutData = output.fileHandleForReading.readDataToEndOfFile()
  group.wait()
  process.waitUntilExit()
  return (
    process.terminationStatus,
    String(decoding: stdoutData, as: UTF8.self),
    String(decoding: stderrData.data, as: UTF8.self)
  )
}

/// Bytes handed from a reader thread back to the caller.
///
/// `@unchecked Sendable` is sound here: the reader writes once, and the caller reads only
/// after `DispatchGroup.wait()` has ordered that write before the read.
private final class DataBox: @unchecked Sendable {
  var data = Data()
}

/// Writes to a pipe whose reader is gone fail with EPIPE instead of raising SIGPIPE, once for
/// the test process.
private let ignoreBrokenPipes: Void = {
  _ = signal(SIGPIPE, SIG_IGN)
}()
