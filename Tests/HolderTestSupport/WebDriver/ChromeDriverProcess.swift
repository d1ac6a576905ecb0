import Foundation
import HolderCoreTestSupport

#if canImport(Glibc)
import Glibc
#endif

// The chromedriver child process: where Debian installs it and Chromium, starting it on a
// port the kernel picks (on 127.0.0.1, the only address it accepts connections from), and
// ending it. Owns no session: `Browser` does.

/// One running `chromedriver`, ended by `stop()` or when the value goes away.
public final class ChromeDriverProcess: @unchecked Sendable {
  /// Debian's `chromium-driver`.
  public static let driverPath = "/usr/bin/chromedriver"
  /// Debian's `chromium` binary itself, not its `/usr/bin/chromium` launcher, which adds
  /// Google API keys and extensions from `/etc/chromium.d` that a test browser must not have.
  public static let chromiumPath = "/usr/lib/chromium/chromium"

  /// True when both are installed (`scripts/setup --test` installs them).
  public static var isInstalled: Bool {
    FileManager.default.isExecutableFile(atPath: driverPath)
      && FileManager.default.isExecutableFile(atPath: chromiumPath)
  }

  /// The port chromedriver listens on.
  public let port: Int
  private let process: Process
  private let leadsGroup: Bool
  private let output = OutputBuffer()

  /// Starts chromedriver on a port the kernel picks, as a handshake, not a sleep.
  ///
  /// It is started with `--port=0`, and `init` waits (up to `timeout` seconds) for the line in
  /// which it says which port it took. `home` is the HOME (and XDG
  /// folders) of the driver and the browser it starts, so nothing lands in the user's.
  public init(home: String, timeout: Double = 20) throws {
    guard Self.isInstalled else {
      throw ProcessFailure(
        command: [Self.driverPath], status: -1,
        stderr: "chromium and chromium-driver are not installed: run scripts/setup --test")
    }
    process = Process()
    process.executableURL = URL(fileURLWithPath: Self.driverPath)
    process.arguments = ["--port=0", "--log-level=WARNING", "--allowed-ips=127.0.0.1"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = home
    environment["XDG_CONFIG_HOME"] = home + "/.config"
    environment["XDG_CACHE_HOME"] = home + "/.cache"
    environment["XDG_DATA_HOME"] = home + "/.local/share"
    process.environment = environment
    try process.run()
    // Foundation starts a child as the leader of a process group of its own, which
    // Chromium's processes join; checked, so that the test's own group is never killed.
    let pid = process.processIdentifier
    leadsGroup = getpgid(pid) == pid && getpgrp() != pid
    let reader = pipe.fileHandleForReading
    let output = output
    // Drains the pipe for the driver's whole life, so its logging can never block it.
    Thread.detachNewThread {
      while true {
        let data = reader.availableData
        if data.isEmpty { break }
        output.append(data)
      }
      output.close()
    }
    guard let port = output.waitForPort(timeout: timeout) else {
      Self.kill(process, group: leadsGroup)
      throw ProcessFailure(
        command: process.arguments ?? [], status: -1,
        stderr: "did not say its port within \(Int(timeout)) s: \(output.text)")
    }
    self.port = port
  }

  deinit {
    stop()
  }

  /// What chromedriver printed so far (warnings, and why it failed to start a browser).
  public var log: String { output.text }

  /// Ends chromedriver, and Chromium with it, and waits for it.
  ///
  /// Quit the session first, which lets Chromium end cleanly.
  public func stop() {
    // SIGKILL, not SIGTERM: a child started from a Dispatch thread inherits that thread's
    // blocked signals, SIGTERM among them, and would never see it (the wait then never
    // ends). The driver has nothing to save once its session has quit.
    Self.kill(process, group: leadsGroup)
  }

  /// Kills the driver's process group (the driver and every Chromium process it started,
  /// even when the session could not be quit), or the driver alone when it leads none.
  private static func kill(_ process: Process, group: Bool) {
    let pid = process.processIdentifier
    // A group's id is not reused while any process of the group lives, so this reaches
    // only what the driver started, even after the driver itself has gone.
    if group {
      _ = Glibc.kill(-pid, SIGKILL)
    } else if process.isRunning {
      _ = Glibc.kill(pid, SIGKILL)
    }
    process.waitUntilExit()
  }
}

/// The driver's output, read on another thread and waited on by `init`.
private final class OutputBuffer: @unchecked Sendable {
  private let condition = NSCondition()
  private var bytes = Data()
  private var closed = false

  var text: String {
    condition.lock()
    defer { condition.unlock() }
    return String(decoding: bytes, as: UTF8.self)
  }

  func append(_ data: Data) {
    condition.lock()
    // The log is only for messages: the first 64 KiB say what went wrong.
    if bytes.count < 65536 { bytes.append(data) }
    condition.broadcast()
    condition.unlock()
  }

  func close() {
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
  }

  /// The N of "ChromeDriver was started successfully on port N.", or nil when the driver
  /// exits or `timeout` passes first.
  func waitForPort(timeout: Double) -> Int? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while true {
      let text = String(decoding: bytes, as: UTF8.self)
      if let range = text.range(of: "started successfully on port ") {
        let rest = text[range.upperBound...]
        let digits = rest.prefix(while: \.isNumber)
        // The full stop says the number arrived whole, not cut between two reads.
        if rest.dropFirst(digits.count).first == ".", let port = Int(digits) { return port }
      }
      if closed || !condition.wait(until: deadline) { return nil }
    }
  }
}
