import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// One end of the socket pair to a helper program, read and written with plain syscalls.
///
/// A socket, not a pipe: a write to a helper that died fails (`MSG_NOSIGNAL`) instead of
/// killing holder-git with SIGPIPE.
final class HelperSocket: @unchecked Sendable {
  let descriptor: Int32
  private let lock = Mutex(())
  private var closed = false
  private var pending: [UInt8] = []
  private var start = 0

  private init(_ descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit { close() }

  /// Two connected ends, both closed on exec (the child gets its end as stdin and stdout).
  static func pair() -> (HelperSocket, HelperSocket)? {
    var ends: [Int32] = [-1, -1]
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    guard unsafe socketpair(AF_UNIX, type, 0, &ends) == 0 else { return nil }
    return (HelperSocket(ends[0]), HelperSocket(ends[1]))
  }

  /// Writes all of `bytes`; false when the other side is gone.
  func send(_ bytes: [UInt8]) -> Bool {
    lock.withLock { _ in
      var offset = 0
      while offset < bytes.count {
        let written = unsafe bytes.withUnsafeBytes { buffer in
          unsafe Glibc.send(
            descriptor, buffer.baseAddress.map { unsafe $0 + offset }, buffer.count - offset,
            Int32(MSG_NOSIGNAL))
        }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return false }
        offset += written
      }
      return true
    }
  }

  /// Says no more requests come: the helper sees the end of its input.
  func finishWriting() {
    _ = shutdown(descriptor, Int32(SHUT_WR))
  }

  /// The next line, without its newline; nil at the end.
  ///
  /// One reader at a time.
  func readLine() -> [UInt8]? {
    // Bytes before `searched` hold no newline: a long line (a 2 MB page) is scanned once.
    var searched = start
    while true {
      if let newline = newline(from: searched) {
        let line = Array(pending[start..<newline])
        start = newline + 1
        return line
      }
      searched = pending.count - start
      pending.removeSubrange(..<start)
      start = 0
      let old = pending.count
      pending += repeatElement(0, count: 1 << 20)
      let count = unsafe pending.withUnsafeMutableBytes { buffer in
        unsafe read(descriptor, buffer.baseAddress.map { unsafe $0 + old }, buffer.count - old)
      }
      pending.removeSubrange((old + max(count, 0))...)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return nil }
    }
  }

  /// The position of the first newline at or after `position`.
  private func newline(from position: Int) -> Int? {
    guard position < pending.count else { return nil }
    return unsafe pending.withUnsafeBytes { buffer -> Int? in
      guard let base = buffer.baseAddress,
        let found = unsafe memchr(base + position, 0x0A, buffer.count - position)
      else { return nil }
      return unsafe base.distance(to: UnsafeRawPointer(found))
    }
  }

  func close() {
    lock.withLock { _ in
      guard !closed else { return }
      closed = true
      _ = Glibc.close(descriptor)
    }
  }
}
