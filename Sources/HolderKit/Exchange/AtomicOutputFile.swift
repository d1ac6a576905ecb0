import Foundation

/// A file written in pieces that appears at its path whole or not at all.
///
/// The bytes go to a temporary file in the same folder, which is synced and
/// renamed over the destination by `commit()`; `discard()` (or a failure)
/// removes it, so an existing file is never left half written.
final class AtomicOutputFile {
  let path: String
  private let temporaryPath: String
  private var fd: Int32

  /// Creates the temporary file next to `path` (absolute).
  init(path: String) throws(FileSystemError) {
    self.path = path
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    temporaryPath =
      folder + "/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    // 0o666 less the umask, as any program's new file.
    fd = unsafe open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
    guard fd >= 0 else { throw FileSystemError(operation: "create", path: path, code: errno) }
  }

  deinit { discard() }

  /// Appends `bytes`.
  func write(_ bytes: [UInt8]) throws(FileSystemError) {
    var offset = 0
    while offset < bytes.count {
      let count = unsafe bytes.withUnsafeBytes { buffer in
        unsafe Glibc.write(fd, buffer.baseAddress.map { unsafe $0 + offset }, buffer.count - offset)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileSystemError(operation: "write", path: path, code: errno)
      }
      offset += count
    }
  }

  /// Syncs the file and renames it over the destination.
  func commit() throws(FileSystemError) {
    guard fd >= 0 else { return }
    if fsync(fd) != 0 { throw FileSystemError(operation: "sync", path: path, code: errno) }
    close(fd)
    fd = -1
    if unsafe rename(temporaryPath, path) != 0 {
      let code = errno
      unsafe unlink(temporaryPath)
      throw FileSystemError(operation: "rename into", path: path, code: code)
    }
  }

  /// Removes the temporary file when it was not committed.
  func discard() {
    guard fd >= 0 else { return }
    close(fd)
    fd = -1
    unsafe unlink(temporaryPath)
  }
}
