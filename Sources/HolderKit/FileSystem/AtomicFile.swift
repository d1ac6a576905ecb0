import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// A file written in pieces that appears at its path whole or not at all: the one atomic
/// write of HolderKit, used by `SafeDirectory.writeFileAtomically` and by export.
///
/// The bytes go to a temporary file in the same folder, which `commit(durable:)` syncs and
/// renames over the destination; `discard()` (or a failure, or dropping the value) removes it,
/// so an existing file is never left half written.
final class AtomicFile {
  /// The destination, for messages.
  let path: String
  /// The folder `name` and `temporary` are relative to: a directory's descriptor, or
  /// `AT_FDCWD` with absolute names.
  private let folder: Int32
  private let name: String
  private let temporary: String
  private var fd: Int32

  /// Creates the temporary file beside `name` in `folder`, with `mode` (less the umask).
  init(in folder: Int32, name: String, path: String, mode: mode_t) throws(FileSystemError) {
    self.folder = folder
    self.name = name
    self.path = path
    let slash = name.lastIndex(of: "/").map { name.index(after: $0) } ?? name.startIndex
    let random = UInt32.random(in: 0...UInt32.max)
    temporary = String(name[..<slash]) + ".\(name[slash...]).tmp-\(getpid())-\(random)"
    fd = unsafe openat(
      folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
    guard fd >= 0 else {
      throw FileSystemError(operation: Message("create").english, path: path, code: errno)
    }
  }

  /// Creates the temporary file beside the absolute `path`, with the mode any program's new
  /// file gets: 0o666 less the umask.
  convenience init(path: String) throws(FileSystemError) {
    try self.init(in: AT_FDCWD, name: path, path: path, mode: 0o666)
  }

  deinit { discard() }

  /// Appends `bytes`.
  func write(_ bytes: [UInt8]) throws(FileSystemError) {
    try write(contentsOf: bytes)
  }

  /// Appends the bytes of `values` as they lie in memory.
  func write<Value: BitwiseCopyable>(contentsOf values: [Value]) throws(FileSystemError) {
    // `withUnsafeBytes` rethrows untyped: carry the error out as a value.
    let outcome = unsafe values.withUnsafeBytes { buffer in
      Result { () throws(FileSystemError) in try unsafe write(buffer) }
    }
    try outcome.get()
  }

  /// Appends the bytes of `buffer` (valid for the call only).
  func write(_ buffer: UnsafeRawBufferPointer) throws(FileSystemError) {
    try unsafe writeAll(buffer, to: fd, path: path)
  }

  /// Syncs the file (unless `durable` is false) and renames it over the destination.
  ///
  /// `durable: false` is for bulk writes that sync the file system once before the ref
  /// moves (DESIGN §4), and for caches that may be lost.
  func commit(durable: Bool = true) throws(FileSystemError) {
    guard fd >= 0 else { return }
    if durable && fsync(fd) != 0 {
      throw FileSystemError(operation: Message("sync").english, path: path, code: errno)
    }
    close(fd)
    fd = -1
    if unsafe renameat(folder, temporary, folder, name) != 0 {
      let code = errno
      unsafe unlinkat(folder, temporary, 0)
      throw FileSystemError(operation: Message("rename into").english, path: path, code: code)
    }
  }

  /// Removes the temporary file when it was not committed.
  func discard() {
    guard fd >= 0 else { return }
    close(fd)
    fd = -1
    unsafe unlinkat(folder, temporary, 0)
  }
}
