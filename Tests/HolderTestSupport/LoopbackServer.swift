import Foundation

/// A server process on 127.0.0.1 started for one test and stopped when the value goes away.
///
/// Readiness is a handshake, never a sleep: `start` returns once the server
/// printed its ready line (git daemon's "Ready to rumble") on stderr.
public final class LoopbackServer: @unchecked Sendable {
  /// The TCP port it listens on.
  public let port: Int
  private let process: Process

  /// Starts `executable` with `arguments` (which must make it listen on `port`) and waits up
  /// to `timeout` seconds for a stderr line containing `readyLine`.
  public init(
    executable: String, arguments: [String], port: Int, readyLine: String, timeout: Double = 20
  ) throws {
    self.port = port
    process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let ready = DispatchSemaphore(value: 0)
    let reader = errors.fileHandleForReading
    DispatchQueue.global().async {
      var seen = ""
      var signalled = false
      while true {
        let data = reader.availableData
        if data.isEmpty { break }
        seen += String(decoding: data, as: UTF8.self)
        if !signalled && seen.contains(readyLine) {
          signalled = true
          ready.signal()
        }
      }
    }
    guard ready.wait(timeout: .now() + timeout) == .success else {
      process.terminate()
      throw ProcessFailure(
        command: [executable] + arguments, status: -1,
        stderr: "did not print '\(readyLine)' within \(Int(timeout)) s")
    }
  }

  deinit {
    if process.isRunning {
      process.terminate()
    }
  }

  /// A TCP port on 127.0.0.1 that nothing listens on right now.
  public static func freePort() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw ProcessFailure(command: ["socket"], status: errno, stderr: "") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
        bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0
      }
    }
    guard bound else { throw ProcessFailure(command: ["bind"], status: errno, stderr: "") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// `git daemon` serving every repository under `basePath`, pushes allowed.
  public static func gitDaemon(basePath: String) throws -> LoopbackServer {
    let port = try freePort()
    return try LoopbackServer(
      executable: "/usr/bin/git",
      arguments: [
        "daemon", "--listen=127.0.0.1", "--port=\(port)", "--reuseaddr", "--verbose",
        "--export-all", "--enable=receive-pack", "--base-path=\(basePath)", basePath,
      ], port: port, readyLine: "Ready to rumble")
  }
}
