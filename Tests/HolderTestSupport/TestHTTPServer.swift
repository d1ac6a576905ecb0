import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests: one thread per connection, closed after
/// each answer.
///
/// The socket is bound and listening before `init` returns, so the server is ready the
/// moment it exists (connections queue in the backlog until the accept thread takes them);
/// no test ever sleeps to wait for it. `stop()` (or `deinit`) closes it and releases every
/// request held by `.hang`.
public final class TestHTTPServer: @unchecked Sendable {
  /// A request as the server read it.
  public struct Request: Sendable {
    /// The method, such as `GET` or `HEAD`.
    public var method: String
    /// The path with its query, as sent (`/pages/a.html?x=1`).
    public var target: String
    /// Header names in lower case → values.
    public var headers: [String: String]
  }

  /// What to answer.
  public enum Response: Sendable {
    /// A status, headers and a body (Content-Length and Connection are added).
    case send(status: Int, headers: [String: String], body: [UInt8])
    /// Waits `milliseconds`, then answers.
    indirect case delayed(milliseconds: Int, Response)
    /// Reads the request and never answers, until the server stops.
    case hang
  }

  /// The port the kernel gave the server.
  public let port: UInt16
  /// `http://127.0.0.1:PORT`.
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  private let listener: Int32
  private let handler: @Sendable (Request) -> Response
  private let state = NSCondition()
  private var stopped = false
  private var requests: [Request] = []
  private var inFlight = 0
  private var mostInFlight = 0

  /// Starts a server that answers every request with `handler`.
  public init(handler: @escaping @Sendable (Request) -> Response) throws {
    self.handler = handler
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw ServerError.socket(errno) }
    var one: Int32 = 1
    setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(socket, 256) == 0 else {
      close(socket)
      throw ServerError.socket(errno)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(socket, $0, &length)
      }
    }
    listener = socket
    port = UInt16(bigEndian: address.sin_port)
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  deinit {
    stop()
  }

  /// Every request received so far, in order.
  public var received: [Request] {
    state.lock()
    defer { state.unlock() }
    return requests
  }

  /// The largest number of requests the server was answering at one time.
  public var peakConcurrency: Int {
    state.lock()
    defer { state.unlock() }
    return mostInFlight
  }

  /// Closes the listening socket and lets every held connection go.
  public func stop() {
    state.lock()
    let wasStopped = stopped
    stopped = true
    state.broadcast()
    state.unlock()
    guard !wasStopped else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  private var isStopped: Bool {
    state.lock()
    defer { state.unlock() }
    return stopped
  }

  private func acceptLoop() {
    while !isStopped {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else {
        if errno == EINTR || errno == ECONNABORTED { continue }
        return
      }
      let thread = Thread { [self] in serve(connection) }
      thread.start()
    }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    guard let request = readRequest(connection) else { return }
    state.lock()
    requests.append(request)
    inFlight += 1
    mostInFlight = max(mostInFlight, inFlight)
    state.unlock()
    defer {
      state.lock()
      inFlight -= 1
      state.unlock()
    }
    var response = handler(request)
    while true {
      switch response {
      case .hang:
        state.lock()
        while !stopped { state.wait() }
        state.unlock()
        return
      case .delayed(let milliseconds, let next):
        state.lock()
        let deadline = Date(timeIntervalSinceNow: Double(milliseconds) / 1000)
        while !stopped, state.wait(until: deadline) {}
        let gone = stopped
        state.unlock()
        if gone { return }
        response = next
      case .send(let status, let headers, let body):
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
          head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + (request.method == "HEAD" ? [] : body)
        writeAll(connection, bytes)
        return
      }
    }
  }

  private func readRequest(_ connection: Int32) -> Request? {
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    let end: [UInt8] = Array("\r\n\r\n".utf8)
    while buffer.count < 65536 {
      let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return nil }
      buffer += chunk[0..<count]
      if buffer.count >= 4,
        buffer.indices.dropLast(3).contains(where: {
          Array(buffer[$0..<$0 + 4]) == end
        })
      {
        break
      }
    }
    let text = String(decoding: buffer, as: UTF8.self)
    let lines = text.components(separatedBy: "\r\n")
    let parts = lines.first?.split(separator: " ") ?? []
    guard parts.count >= 2 else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return Request(method: String(parts[0]), target: String(parts[1]), headers: headers)
  }

  private func writeAll(_ connection: Int32, _ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else { return }
      offset += sent
    }
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 301: return "Moved Permanently"
    case 302: return "Found"
    case 404: return "Not Found"
    case 410: return "Gone"
    case 500: return "Internal Server Error"
    default: return "Status"
    }
  }

  /// A failure to open the listening socket.
  public enum ServerError: Error {
    case socket(Int32)
  }
}
