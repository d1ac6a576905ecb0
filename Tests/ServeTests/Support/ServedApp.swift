// The built `holder-git-serve` on 127.0.0.1 with a port the system chose, for one test: started
// on a store made through the built `holder-git`, ready once it printed its address (never a
// sleep), stopped with SIGINT as Ctrl-C stops it.
import Foundation
import HolderTestSupport

final class ServedApp: @unchecked Sendable {
  let binary: HolderBinary
  let store: String
  let port: Int
  let process: Process
  private let output: OutputLines

  /// The program beside the built holder-git.
  static var programPath: String {
    URL(fileURLWithPath: HolderBinary.path).deletingLastPathComponent()
      .appendingPathComponent("holder-git-serve").path
  }

  /// Makes a store, adds `adds` (each the arguments of one `holder-git add`) and serves it;
  /// `env` is given to the adds and the app (`HOLDER_GIT_OFFLINE=0` lets them fetch).
  convenience init(adds: [[String]] = [], env: [String: String] = [:]) throws {
    let (binary, store) = try Self.store(adds: adds, env: env)
    try self.init(binary: binary, store: store, env: env)
  }

  /// A new store made through the built `holder-git`, with `adds` added, not yet served: for
  /// a test that serves it with arguments of its own.
  static func store(
    adds: [[String]] = [["https://swift.org", "--title", "Swift"]], env: [String: String] = [:]
  ) throws -> (binary: HolderBinary, store: String) {
    let binary = try HolderBinary()
    let store = binary.git.path("bookmarks")
    try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    let made = try binary.run(["init"], in: store)
    guard made.status == 0 else { throw ServeTestFailure("init: \(made.stderr)") }
    for arguments in adds {
      let added = try binary.run(["add"] + arguments, in: store, env: env)
      guard added.status == 0 else { throw ServeTestFailure("add: \(added.stderr)") }
    }
    return (binary, store)
  }

  /// `throughCLI` starts it as `holder-git serve`, which execs its own binary as the app (the
  /// one program a release installs); otherwise the app's own program is started.
  init(
    binary: HolderBinary, store: String, arguments: [String] = [], env: [String: String] = [:],
    throughCLI: Bool = false
  ) throws {
    self.binary = binary
    self.store = store
    process = Process()
    if throughCLI {
      process.executableURL = URL(fileURLWithPath: HolderBinary.path)
      process.arguments = ["-C", store, "serve", "--port", "0"] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: Self.programPath)
      process.arguments = ["--store", store, "--port", "0"] + arguments
    }
    process.environment = binary.environment(env)
    output = try OutputLines(process)
    // `http://` or, under TLS, `https://`.
    let process = self.process
    guard let line = output.wait(for: "://127.0.0.1:", timeout: 30, running: { process.isRunning }),
      let portText = line.split(separator: ":").last?.prefix(while: \.isNumber),
      let port = Int(portText)
    else {
      process.terminate()
      throw ServeTestFailure("holder-git-serve did not print its address: \(output.all)")
    }
    self.port = port
  }

  /// The app's address, as its pages name it (with the final `/`).
  var origin: String { "http://127.0.0.1:\(port)/" }

  /// Everything the app printed so far.
  var printed: String { output.all }

  /// The first line the app printed that contains `needle`, waiting up to `timeout` seconds.
  func waitForLine(_ needle: String, timeout: Double = 10) -> String? {
    output.wait(for: needle, timeout: timeout)
  }

  /// Waits up to `timeout` seconds for what the app printed to satisfy `done`; whether it did.
  func waitForPrinted(timeout: Double = 10, _ done: (String) -> Bool) -> Bool {
    output.wait(until: done, timeout: timeout)
  }

  /// The app's process id, for a test that signals it.
  var pid: Int32 { process.processIdentifier }

  /// Waits up to `timeout` seconds for the app to exit; its status, nil if it did not.
  func waitForExit(timeout: Double) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    return process.isRunning ? nil : process.terminationStatus
  }

  /// Sends SIGINT (Ctrl-C) and waits for the exit status.
  @discardableResult
  func interrupt(signal: Int32 = SIGINT) -> Int32 {
    guard process.isRunning else { return process.terminationStatus }
    kill(process.processIdentifier, signal)
    let deadline = Date().addingTimeInterval(20)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning {
      process.terminate()
      return -1
    }
    return process.terminationStatus
  }

  deinit {
    if process.isRunning { interrupt() }
    binary.expectEveryMessageTranslated()
  }

  // MARK: HTTP

  func get(_ path: String, headers: [String: String] = [:]) throws -> HTTPReply {
    try HTTPReply.send("GET", path, port: port, headers: headers)
  }

  /// A POST of form fields, as the app's pages send it (its own Origin).
  func post(_ path: String, _ fields: [String: String], headers: [String: String] = [:]) throws
    -> HTTPReply
  {
    var all = ["Origin": "http://127.0.0.1:\(port)"]
    all["Content-Type"] = "application/x-www-form-urlencoded"
    all.merge(headers) { _, new in new }
    let body = fields.map { "\(Self.encode($0.key))=\(Self.encode($0.value))" }
      .joined(separator: "&")
    return try HTTPReply.send("POST", path, port: port, headers: all, body: body)
  }

  /// The secret the app embedded in its page.
  func secret() throws -> String {
    let page = try get("/").body
    guard let range = page.range(of: "name=\"holder-secret\" content=\"") else {
      throw ServeTestFailure("no secret in the page")
    }
    return String(page[range.upperBound...].prefix { $0 != "\"" })
  }

  static func encode(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }
}

struct ServeTestFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// A child's stdout and stderr as lines, read on a background queue.
final class OutputLines: @unchecked Sendable {
  private let lock = NSLock()
  private var text = ""
  /// Whether the pipe reached its end (the process and its children closed it).
  private var ended = false

  init(_ process: Process) throws {
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let reader = pipe.fileHandleForReading
    DispatchQueue.global().async { [self] in
      while true {
        let data = reader.availableData
        if data.isEmpty {
          lock.withLock { ended = true }
          break
        }
        lock.withLock { text += String(decoding: data, as: UTF8.self) }
      }
    }
  }

  var all: String { lock.withLock { text } }

  /// Waits up to `timeout` seconds for the text read so far to satisfy `done`; whether it did.
  func wait(until done: (String) -> Bool, timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if done(all) { return true }
      usleep(10_000)
    }
    return done(all)
  }

  /// The first line containing `needle`, waiting up to `timeout` seconds for it, or until
  /// `running` says the process stopped (an app that refused to start).
  func wait(for needle: String, timeout: Double, running: () -> Bool = { true }) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      // Once it stopped, its last words are read to the pipe's end before giving up.
      let finished = !running() && lock.withLock { ended }
      if let line = all.split(separator: "\n").first(where: { $0.contains(needle) }) {
        return String(line)
      }
      if finished { return nil }
      usleep(10_000)
    }
    return nil
  }
}
