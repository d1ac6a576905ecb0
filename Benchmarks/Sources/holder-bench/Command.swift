import Foundation

/// Runs a program the scenarios need besides the binary they time (git, python, buku's
/// database check): found on PATH, run from a given folder, its output read whole.
enum Command {
  /// Runs `arguments` from `directory` and returns its exit status and output.
  ///
  /// Throws when it fails and `check` is set, with what it printed. `mergingErrors` reads its
  /// standard error with its output.
  @discardableResult
  static func run(
    _ arguments: [String], in directory: String, check: Bool = true, mergingErrors: Bool = false
  ) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    // Never the runner's own working directory, which a scenario may have deleted.
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let pipe = Pipe()
    process.standardOutput = pipe
    if mergingErrors { process.standardError = pipe }
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let output = String(decoding: data, as: UTF8.self)
    guard !check || process.terminationStatus == 0 else {
      throw BenchError.failed(
        "\(arguments.joined(separator: " ")) exited \(process.terminationStatus): "
          + output.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return (process.terminationStatus, output)
  }
}
