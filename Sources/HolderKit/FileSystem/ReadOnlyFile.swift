#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// A regular file kept open to read parts of it later (`pread`), so a file replaced by a
/// rename meanwhile is still read as it was when opened.
final class ReadOnlyFile: Sendable {
  private let fd: Int32
  /// The size when it was opened.
  let size: Int

  /// Opens `name` in the folder `directory` (an open descriptor), refusing links and
  /// anything but a regular file; nil when that fails.
  init?(name: String, in directory: Int32) {
    let fd = unsafe openat(directory, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    var info = stat()
    guard unsafe fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      return nil
    }
    self.fd = fd
    self.size = Int(info.st_size)
  }

  deinit { close(fd) }

  /// `count` bytes from `offset`; nil when the file holds fewer there (or the read fails).
  func read(at offset: Int, count: Int) -> [UInt8]? {
    read(at: offset, count: count, as: UInt8.self)
  }

  /// `count` values of a fixed-width type as the machine lays them out, from `offset`.
  func read<Value: BitwiseCopyable>(at offset: Int, count: Int, as type: Value.Type)
    -> [Value]?
  {
    let (bytes, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<Value>.stride)
    guard count >= 0, offset >= 0, !overflow, offset <= size, bytes <= size - offset else {
      return nil
    }
    var complete = true
    let values = unsafe [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
      let raw = UnsafeMutableRawBufferPointer(buffer)
      var done = 0
      while done < bytes {
        let read = unsafe pread(
          fd, raw.baseAddress.map { unsafe $0 + done }, bytes - done,
          off_t(offset + done))
        if read < 0 && errno == EINTR { continue }
        guard read > 0 else { break }
        done += read
      }
      complete = done == bytes
      initialized = complete ? count : 0
    }
    return complete ? values : nil
  }
}
