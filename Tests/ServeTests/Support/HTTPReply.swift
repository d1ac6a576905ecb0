// HTTP/1.1 over a plain socket to 127.0.0.1, so a test can send any Host and Origin header
// (URLSession sets Host itself) and read the answer as sent.
import Foundation

struct HTTPReply {
  var status: Int
  /// Header names lower-cased.
  var headers: [String: String]
  var body: String

  static func send(
    _ method: String, _ path: String, port: Int, headers: [String: String] = [:],
    body: String? = nil
  ) throws -> HTTPReply {
    var all = ["Host": "127.0.0.1:\(port)", "Connection": "close"]
    all.merge(headers) { _, new in new }
    let bytes = Array((body ?? "").utf8)
    if body != nil { all["Content-Length"] = String(bytes.count) }
    var request = "\(method) \(path) HTTP/1.1\r\n"
    for (name, value) in all.sorted(by: { $0.key < $1.key }) { request += "\(name): \(value)\r\n" }
    request += "\r\n"
    let reply = try exchange(Array(request.utf8) + bytes, port: port)
    return try parse(reply)
  }

  private static func exchange(_ request: [UInt8], port: Int) throws -> [UInt8] {
    let socket = try open(request, port: port)
    defer { close(socket) }
    var reply: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      reply += buffer[0..<count]
    }
    return reply
  }

  /// A socket connected to `port` on 127.0.0.1; nil when nothing listens there.
  static func connect(port: Int) -> Int32? {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(socket)
      return nil
    }
    return socket
  }

  /// A connected socket that has sent `request`.
  static func open(_ request: [UInt8], port: Int) throws -> Int32 {
    guard let socket = connect(port: port) else {
      throw ServeTestFailure("cannot connect to port \(port)")
    }
    var timeout = timeval(tv_sec: 20, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var sent = 0
    while sent < request.count {
      let count = request[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
      guard count > 0 else { throw ServeTestFailure("write failed") }
      sent += count
    }
    return socket
  }

  private static func parse(_ bytes: [UInt8]) throws -> HTTPReply {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let split = text.range(of: "\r\n\r\n") else {
      throw ServeTestFailure("no HTTP answer: \(text)")
    }
    let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
    let status = Int(lines[0].split(separator: " ")[1]) ?? 0
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    var body = String(text[split.upperBound...])
    if headers["transfer-encoding"] == "chunked" { body = dechunk(body) }
    return HTTPReply(status: status, headers: headers, body: body)
  }

  /// A chunked body's data (chunk sizes are in bytes).
  private static func dechunk(_ text: String) -> String {
    var bytes = Array(text.utf8)[...]
    var result: [UInt8] = []
    while let end = bytes.firstIndex(of: 13) {
      let size = Int(String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self), radix: 16) ?? 0
      if size == 0 { break }
      let start = end + 2
      result += bytes[start..<min(start + size, bytes.endIndex)]
      bytes = bytes[min(start + size + 2, bytes.endIndex)...]
    }
    return String(decoding: result, as: UTF8.self)
  }
}

/// An open `/events` stream, read on a background queue as a page's EventSource reads it.
final class EventStream: @unchecked Sendable {
  private let lock = NSLock()
  private var text = ""
  private let socket: Int32

  /// `since`: the generation the page shows, as a page's script sends it.
  init(port: Int, since: Int? = nil) throws {
    let path = "/events" + (since.map { "?since=\($0)" } ?? "")
    let request =
      "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n"
    socket = try HTTPReply.open(Array(request.utf8), port: port)
    DispatchQueue.global().async { [self] in
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        lock.withLock { text += String(decoding: buffer[0..<count], as: UTF8.self) }
      }
      lock.withLock { text += "\n<closed>" }
    }
  }

  var received: String { lock.withLock { text } }

  /// Hangs up, as a page that went away does.
  func hangUp() { shutdown(socket, Int32(SHUT_RDWR)) }

  /// Waits up to `timeout` seconds until what was received contains `needle`.
  func wait(for needle: String, timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if received.contains(needle) { return true }
      usleep(10_000)
    }
    return false
  }

  deinit { close(socket) }
}
