import Foundation

#if canImport(Glibc)
import Glibc
#endif

// The HTTP side of W3C WebDriver: one JSON command to chromedriver on 127.0.0.1 and its
// answer, with WebDriver's error object turned into a Swift error. Nothing else talks HTTP to
// the driver. A plain socket rather than URLSession: FoundationNetworking's libcurl failed
// reading chromedriver's answer to a new session ("Failed writing header"), and a socket to
// 127.0.0.1 cannot meet a proxy set on the machine.

/// An error the driver answered with (W3C WebDriver §6.6), or a broken answer.
public struct WebDriverError: Error, CustomStringConvertible {
  /// WebDriver's error code, such as `no such element`, or `bad answer` for one that is not
  /// WebDriver's JSON.
  public var error: String
  /// The driver's message.
  public var message: String
  /// The command that failed: method and path.
  public var command: String

  public var description: String {
    "WebDriver \(command) failed: \(error): \(message)"
  }
}

/// Sends commands to one chromedriver at `http://127.0.0.1:PORT`, one connection each.
struct WebDriverWire: Sendable {
  let port: Int

  /// `GET path` → the answer's `value`.
  @discardableResult
  func get(_ path: String) async throws -> WebDriverJSON {
    try await send("GET", path, body: nil)
  }

  /// `POST path` with `body` (`{}` by default: WebDriver wants a body) → `value`.
  @discardableResult
  func post(_ path: String, _ body: WebDriverJSON = [:]) async throws -> WebDriverJSON {
    try await send("POST", path, body: body)
  }

  /// `DELETE path` → `value`.
  @discardableResult
  func delete(_ path: String) async throws -> WebDriverJSON {
    try await send("DELETE", path, body: nil)
  }

  private func send(_ method: String, _ path: String, body: WebDriverJSON?) async throws
    -> WebDriverJSON
  {
    let command = "\(method) /\(path)"
    let payload = try body.map { [UInt8](try $0.encoded()) } ?? []
    var head = "\(method) /\(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
    if body != nil {
      head += "Content-Type: application/json; charset=utf-8\r\n"
    }
    head += "Content-Length: \(payload.count)\r\n\r\n"
    let request = Array(head.utf8) + payload
    let port = port
    // The socket blocks (a navigation can take seconds), so it waits off Swift's
    // cooperative threads.
    let raw = try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(with: Result { try Self.exchange(request, port: port) })
      }
    }
    guard let (status, data) = Self.parse(raw), let answer = try? WebDriverJSON(parsing: data)
    else {
      throw WebDriverError(
        error: "bad answer", message: String(decoding: raw.prefix(2000), as: UTF8.self),
        command: command)
    }
    let value = answer["value"]
    // Only the status says failure: a script may well return an object with an `error` key.
    if status != 200 {
      throw WebDriverError(
        error: value["error"].string ?? "HTTP \(status)",
        message: value["message"].string ?? answer.description, command: command)
    }
    return value
  }

  /// Writes `request` to 127.0.0.1:`port` and reads until the driver closes the connection.
  private static func exchange(_ request: [UInt8], port: Int) throws -> [UInt8] {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw failure("socket", errno) }
    defer { close(socket) }
    // A driver that stopped answering fails the command instead of holding the test forever.
    var limit = timeval(tv_sec: 120, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw failure("connect", errno) }
    var offset = 0
    while offset < request.count {
      let sent = request[offset...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else { throw failure("send", errno) }
      offset += sent
    }
    var answer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    // chromedriver keeps the connection open whatever `Connection: close` says, so the
    // answer ends where its length says, not at the end of the stream.
    while !isComplete(answer) {
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count == 0 { break }
      guard count > 0 else {
        if errno == EINTR { continue }
        throw failure("recv", errno)
      }
      answer += chunk[0..<count]
    }
    return answer
  }

  private static let separator: [UInt8] = Array("\r\n\r\n".utf8)

  /// Where the head ends (the index of its blank line), once it has arrived.
  private static func headEnd(_ raw: [UInt8]) -> Int? {
    raw.indices.dropLast(3).first { raw[$0..<$0 + 4].elementsEqual(separator) }
  }

  /// True once the head and the whole body (by Content-Length, or chunked) have arrived.
  private static func isComplete(_ raw: [UInt8]) -> Bool {
    guard let end = headEnd(raw) else { return false }
    let head = String(decoding: raw[..<end], as: UTF8.self).lowercased()
    let bodyCount = raw.count - end - 4
    if head.contains("transfer-encoding: chunked") {
      return raw.count >= 5 && raw.suffix(5).elementsEqual(Array("0\r\n\r\n".utf8))
    }
    for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
      let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
      return bodyCount >= (length ?? 0)
    }
    return false
  }

  /// The status and body of an HTTP/1.1 answer (chunked or not).
  private static func parse(_ raw: [UInt8]) -> (Int, Data)? {
    guard let end = headEnd(raw) else { return nil }
    let head = String(decoding: raw[..<end], as: UTF8.self).lowercased()
    let statusLine = head.split(separator: "\r\n").first ?? ""
    let parts = statusLine.split(separator: " ")
    guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
    var body = Array(raw[(end + 4)...])
    if head.contains("transfer-encoding: chunked") {
      body = dechunk(body)
    }
    return (status, Data(body))
  }

  private static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    var index = 0
    while let lineEnd = bytes[index...].firstIndex(of: UInt8(ascii: "\r")) {
      let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self)
      guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16), size > 0,
        lineEnd + 2 + size <= bytes.count
      else { break }
      result += bytes[(lineEnd + 2)..<(lineEnd + 2 + size)]
      index = lineEnd + 2 + size + 2
      if index >= bytes.count { break }
    }
    return result
  }

  private static func failure(_ call: String, _ code: Int32) -> WebDriverError {
    WebDriverError(
      error: "connection", message: "\(call): \(String(cString: strerror(code)))",
      command: "to chromedriver on 127.0.0.1")
  }
}
