// The helper's standard streams through the system calls themselves (send, write, read), so
// it needs no FileHandle.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The helper's answers, written to its standard output.
///
/// holder-git gives it one end of a socket pair there, so it `send`s: a holder-git that went
/// away ends the helper with an error, not SIGPIPE, and its writes are not counted among
/// holder-git's own when a test makes the Nth `write` fail (strace follows children). Run by
/// hand into a terminal or a pipe, it writes as any program does.
enum StandardOutput {
  static func write(_ data: Data) {
    var offset = 0
    while offset < data.count {
      let sent = data.withUnsafeBytes { buffer in
        send(1, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, Int32(MSG_NOSIGNAL))
      }
      if sent < 0 && errno == EINTR { continue }
      if sent < 0 && errno == ENOTSOCK {
        // A pipe whose reader left, as a socket whose peer did.
        guard writeAll(Array(data[(data.startIndex + offset)...]), to: 1) else { exit(74) }
        return
      }
      // holder-git is gone: no one is left to answer.
      guard sent > 0 else { exit(74) }
      offset += sent
    }
  }

  /// Everything standard input holds, to its end.
  static func readInput() -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return bytes }
      bytes += buffer[0..<count]
    }
  }

  /// Writes all of `bytes` to `descriptor`; false when it took no more.
  @discardableResult
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }
}

/// The helper's complaints, on standard error.
enum StandardError {
  static func write(_ text: String) {
    StandardOutput.writeAll(Array(text.utf8), to: 2)
  }
}
