// A TCP connection to the app on 127.0.0.1 that the test drives byte by byte: for clients that
// trickle a request, stay idle, or only connect, and for seeing when the server closes them.
import Foundation

final class RawConnection {
  let socket: Int32
  /// When the connection was opened.
  let opened = Date()
  /// Bytes the server sent, so far.
  private(set) var received: [UInt8] = []
  /// When the server closed the connection (end of stream or reset), once it did.
  private(set) var closedAt: Date?

  /// Connects to `port`; nil when the connection is refused (nothing listens there).
  init?(port: Int) {
    guard let socket = HTTPReply.connect(port: port) else { return nil }
    self.socket = socket
  }

  deinit { close(socket) }

  var isClosed: Bool { closedAt != nil }

  /// Sends `text`; false when the server has closed the connection.
  @discardableResult
  func send(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    let count = bytes.withUnsafeBytes {
      Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
    }
    return count == bytes.count
  }

  /// Reads what has arrived, waiting up to `timeout` seconds for something to; notes the close.
  func readAvailable(timeout: Double) {
    guard !isClosed else { return }
    var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, Int32(timeout * 1000)) > 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = buffer.withUnsafeMutableBytes {
      recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
    }
    if count > 0 {
      received += buffer[0..<count]
    } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) {
      closedAt = Date()
    }
  }

  /// Reads until the server closes the connection or `timeout` seconds pass; true when closed.
  @discardableResult
  func readUntilClosed(timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !isClosed && Date() < deadline { readAvailable(timeout: deadline.timeIntervalSinceNow) }
    return isClosed
  }

  /// Reads until `text` has arrived, the connection closes or `timeout` seconds pass.
  func read(until text: String, timeout: Double) -> String {
    read(until: { $0.contains(text) }, timeout: timeout)
  }

  /// Reads until what arrived satisfies `done`, the connection closes or `timeout` seconds
  /// pass.
  func read(until done: (String) -> Bool, timeout: Double) -> String {
    let deadline = Date().addingTimeInterval(timeout)
    while !done(receivedText) && !isClosed && Date() < deadline {
      readAvailable(timeout: deadline.timeIntervalSinceNow)
    }
    return receivedText
  }

  var receivedText: String { String(decoding: received, as: UTF8.self) }

  /// Waits for any of `connections` to have something to read (or close), up to `timeout`
  /// seconds, and reads it: the test's pace is the server's events, never a sleep.
  static func readAny(_ connections: [RawConnection], timeout: Double) {
    let open = connections.filter { !$0.isClosed }
    guard !open.isEmpty else { return }
    var descriptors = open.map { pollfd(fd: $0.socket, events: Int16(POLLIN), revents: 0) }
    guard poll(&descriptors, nfds_t(descriptors.count), Int32(timeout * 1000)) > 0 else { return }
    for (connection, descriptor) in zip(open, descriptors) where descriptor.revents != 0 {
      connection.readAvailable(timeout: 0)
    }
  }
}
