import Foundation
import HolderTestSupport
import Testing

/// Ctrl-C in the middle of an import's writing takes the import back before holder-git exits,
/// and an import killed outright (no chance to take anything back) is undone by the next
/// command, which counts the files it really put back.
@Suite struct InterruptTests {
  private let binary: HolderBinary
  private let store: String
  private let file: String

  init() throws {
    binary = try HolderBinary()
    store = binary.git.path("store")
    #expect(try binary.run(["init", store]).status == 0)
    file = binary.git.path("import.jsonl")
    let lines = (0..<60).map { #"{"url": "https://example.org/i\#($0)", "tags": ["i"]}"# }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
  }

  /// Starts the binary as a shell does, with SIGINT neither blocked nor ignored (the test
  /// runner's threads block it, and a child inherits the mask).
  private func start(
    _ args: [String], env: [String: String] = [:], stdin: Any, stderr: Any
  ) throws -> Process {
    let unblocking =
      "import os, signal, sys; signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT]); "
      + "signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", unblocking, HolderBinary.path] + args
    process.environment = binary.environment(env)
    process.standardInput = stdin
    process.standardOutput = FileHandle.nullDevice
    process.standardError = stderr
    try process.run()
    return process
  }

  /// Waits for `process` to end, a minute at most (then it is killed and the test fails).
  private func wait(for process: Process) {
    let deadline = Date().addingTimeInterval(60)
    while process.isRunning && Date() < deadline { usleep(2_000) }
    if process.isRunning {
      Issue.record("the process did not end after Ctrl-C")
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
  }

  private func untrackedBookmarkFiles() throws -> Int {
    try binary.git.runGit(["status", "--porcelain", "--untracked-files=all"], in: store)
      .split(separator: "\n").filter { $0.hasPrefix("?? bookmarks/") }.count
  }

  private func expectClean(_ sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(
      try binary.git.runGit(["status", "--porcelain"], in: store) == "",
      sourceLocation: sourceLocation)
    #expect(
      !FileManager.default.fileExists(atPath: store + "/.git/holder-git-journal"),
      sourceLocation: sourceLocation)
    let next = try binary.run(["list", "--store", store])
    #expect(!next.stderr.contains("interrupted"), "\(next.stderr)", sourceLocation: sourceLocation)
    #expect(next.stdout.isEmpty, sourceLocation: sourceLocation)
  }

  @Test func ctrlCDuringAnImportTakesItBackBeforeExiting() throws {
    // The import stops at its 20th durable step (its journal, then a file a step) until the
    // pause file is removed; Ctrl-C comes while it waits there, in the middle of writing.
    let pause = binary.git.path("paused")
    let errors = Pipe()
    let process = try start(
      ["import", file, "--store", store],
      env: ["HOLDER_GIT_PAUSE_AT": "20", "HOLDER_GIT_PAUSE_FILE": pause],
      stdin: FileHandle.nullDevice, stderr: errors)
    let deadline = Date().addingTimeInterval(120)
    while !FileManager.default.fileExists(atPath: pause) && process.isRunning
      && Date() < deadline
    {
      usleep(2_000)
    }
    #expect(FileManager.default.fileExists(atPath: pause), "the import never reached its pause")
    #expect(try untrackedBookmarkFiles() > 10, "files were written before Ctrl-C")
    kill(process.processIdentifier, SIGINT)
    // SIGINT is handled while the import waits; then it goes on to its next file.
    usleep(50_000)
    try? FileManager.default.removeItem(atPath: pause)
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    wait(for: process)
    #expect(process.terminationReason == .exit, "it ends by itself, not by the signal")
    #expect(process.terminationStatus == 130, "\(stderr)")
    #expect(stderr.contains("stopped by Ctrl-C"), "\(stderr)")
    #expect(stderr.contains("the import was taken back"), "\(stderr)")
    try expectClean()
    // The same import again brings in everything, in one commit.
    let again = try binary.run(["import", file, "--store", store])
    #expect((again.stdout + again.stderr).contains("60 added"), "\(again.stderr)")
  }

  @Test func ctrlCOutsideAWriteEndsTheProcessAsAlways() throws {
    // `add -` waiting for its input: nothing is being written, and SIGINT ends it at once.
    let input = Pipe()
    let process = try start(
      ["add", "-", "--store", store], stdin: input, stderr: FileHandle.nullDevice)
    // Whether the signal comes before or after holder-git's handler is in place, it ends the
    // same way; a moment lets it reach its read most of the time.
    usleep(300_000)
    kill(process.processIdentifier, SIGINT)
    wait(for: process)
    try? input.fileHandleForWriting.close()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGINT)
    try expectClean()
  }

  @Test func anImportKilledOutrightCountsTheFilesItRestores() throws {
    let killed = try binary.run(
      ["import", file, "--store", store], env: ["HOLDER_GIT_CRASH_AT": "20"])
    #expect(killed.status != 0)
    let written = try untrackedBookmarkFiles()
    #expect(written > 10 && written < 60, "\(written)")
    let next = try binary.run(["check", "--fix", "--store", store])
    #expect(
      next.stderr.contains("(\(written) files restored)"),
      "\(written) files written: \(next.stderr)")
    try expectClean()
  }
}
