// holder-git's standard output and error written, and standard input (or a child's pipe)
// read, with plain read(2) and write(2).
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Standard output or standard error, written unbuffered, as `FileHandle` wrote them.
///
/// Each `write` is one or more `write(2)` calls that finish before it returns, so lines written
/// to both streams stay in the order they were written. A write that fails throws the errno:
/// `EPIPE` when the reader went away (`| head`; holder-git then ends quietly, as git does,
/// if SIGPIPE did not end it already), `ENOSPC` for `> file` on a full disk.
public enum StandardStream: Sendable {
  case output
  case error

  /// The stream's descriptor: 1 or 2.
  public var descriptor: Int32 { self == .output ? STDOUT_FILENO : STDERR_FILENO }

  /// The stream's name in an error: `standard output`.
  var name: String { self == .output ? "standard output" : "standard error" }

  /// Writes all of `bytes`.
  public func write(_ bytes: some Collection<UInt8>) throws(FileSystemError) {
    do {
      try Self.write(bytes, to: descriptor)
    } catch {
      throw FileSystemError(operation: error.operation, path: name, code: error.code)
    }
  }

  /// Writes `text` as UTF-8.
  public func write(_ text: String) throws(FileSystemError) {
    try write(text.utf8)
  }

  /// Writes all of `bytes` to `fd`, again after a signal or a short write.
  public static func write(_ bytes: some Collection<UInt8>, to fd: Int32) throws(FileSystemError) {
    // `withUnsafeBytes` rethrows untyped: carry the error out as a value.
    let outcome = bytes.withContiguousStorageIfAvailable { buffer in
      Result { () throws(FileSystemError) in
        try unsafe write(UnsafeRawBufferPointer(buffer), to: fd)
      }
    }
    if let outcome {
      try outcome.get()
    } else {
      let copy = Array(bytes)
      let copied = unsafe copy.withUnsafeBytes { buffer in
        Result { () throws(FileSystemError) in try unsafe write(buffer, to: fd) }
      }
      try copied.get()
    }
  }

  private static func write(_ buffer: UnsafeRawBufferPointer, to fd: Int32) throws(FileSystemError)
  {
    try unsafe writeAll(buffer, to: fd, path: "fd \(fd)")
  }

  /// Everything left on standard input, up to its end.
  public static func readInput() throws(FileSystemError) -> [UInt8] {
    var bytes: [UInt8] = []
    if let code = read(STDIN_FILENO, into: &bytes) {
      throw FileSystemError(operation: Message("read").english, path: "standard input", code: code)
    }
    return bytes
  }

  /// Everything `fd` gives up to its end (or up to an error, which is not reported).
  public static func readToEnd(_ fd: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    _ = read(fd, into: &bytes)
    return bytes
  }

  /// Appends what `fd` gives up to its end to `bytes`; the errno that stopped it, or nil.
  private static func read(_ fd: Int32, into bytes: inout [UInt8]) -> Int32? {
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = unsafe chunk.withUnsafeMutableBytes { buffer in
        unsafe Glibc.read(fd, buffer.baseAddress, buffer.count)
      }
      if count > 0 {
        bytes += chunk[..<count]
      } else if count == 0 {
        return nil
      } else if errno != EINTR {
        return errno
      }
    }
  }
}
