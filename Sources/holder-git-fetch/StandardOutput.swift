import FetchProtocol
import Foundation

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
        FileHandle.standardOutput.write(data.subdata(in: offset..<data.count))
        return
      }
      // holder-git is gone: no one is left to answer.
      guard sent > 0 else { exit(74) }
      offset += sent
    }
  }
}
