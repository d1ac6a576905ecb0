import CSystemShims
import HolderCore
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// An open directory from which paths are opened one component at a time, never following links.
///
/// DESIGN §1: a clone of a hostile remote can contain a committed symlink, or
/// a host folder that is a symlink, aimed outside the store. Every component
/// is opened with `openat(…, O_NOFOLLOW)`, so such a link fails with `ELOOP`
/// or `ENOTDIR` instead of being read through.
public final class SafeDirectory {
  /// The absolute path this handle was opened at, for messages.
  public let path: String
  private let fd: Int32

  /// Opens `path` (absolute; the store root itself may be reached through links).
  public init(path: String) throws(FileSystemError) {
    let fd = unsafe open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else {
      throw FileSystemError(operation: Message("open").english, path: path, code: errno)
    }
    self.path = path
    self.fd = fd
  }

  private init(fd: Int32, path: String) {
    self.fd = fd
    self.path = path
  }

  deinit { close(fd) }

  /// The open descriptor, for `*at` calls relative to this folder; valid while `self` lives.
  var descriptor: Int32 { fd }

  /// Opens the sub-directory at `relative` ("a/b"), each component without following links.
  public func directory(_ relative: String, create: Bool = false) throws(FileSystemError)
    -> SafeDirectory
  {
    var current = SafeDirectory(fd: dup(fd), path: path)
    for name in relative.slashSeparated() {
      let childPath = current.path + "/" + name
      try Self.checkName(name, in: current.path)
      if create {
        if unsafe mkdirat(current.fd, name, 0o755) != 0 && errno != EEXIST {
          throw FileSystemError(
            operation: Message("create folder").english, path: childPath, code: errno)
        }
      }
      let child = unsafe openat(current.fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard child >= 0 else {
        // A link answers "not a directory": say what it is, which says what to do.
        let code = errno == ENOTDIR && current.isLink(name) ? ELOOP : errno
        throw FileSystemError(
          operation: Message("open folder").english, path: childPath, code: code)
      }
      current = SafeDirectory(fd: child, path: childPath)
    }
    return current
  }

  /// Reads the regular file `name` in this directory; a link or anything not regular is refused.
  public func readFile(_ name: String) throws(FileSystemError) -> [UInt8] {
    try Self.checkName(name, in: path)
    let filePath = path + "/" + name
    let file = unsafe openat(fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard file >= 0 else {
      throw FileSystemError(operation: Message("open").english, path: filePath, code: errno)
    }
    defer { close(file) }
    var info = stat()
    guard unsafe fstat(file, &info) == 0 else {
      throw FileSystemError(operation: Message("stat").english, path: filePath, code: errno)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw FileSystemError(
        operation: Message("read non-regular file").english, path: filePath, code: EINVAL)
    }
    // One byte more than the size, so the read that finds the end never grows (copies) it.
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
    var offset = 0
    while true {
      if offset == bytes.count { bytes.append(contentsOf: [UInt8](repeating: 0, count: 4096)) }
      let count = unsafe bytes.withUnsafeMutableBytes { buffer in
        unsafe read(file, buffer.baseAddress.map { unsafe $0 + offset }, buffer.count - offset)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileSystemError(operation: Message("read").english, path: filePath, code: errno)
      }
      if count == 0 { break }
      offset += count
    }
    bytes.removeSubrange(offset...)
    return bytes
  }

  /// Writes `name` atomically: a temporary file in the same folder, fsync, rename over.
  ///
  /// A crash leaves either the old or the new content, never a torn file.
  /// `durable: false` skips the fsync for bulk writes that sync the file
  /// system once before the ref moves (DESIGN §4).
  public func writeFileAtomically(_ name: String, _ bytes: [UInt8], durable: Bool = true)
    throws(FileSystemError)
  {
    try Self.checkName(name, in: path)
    let file = try AtomicFile(in: fd, name: name, path: path + "/" + name, mode: 0o644)
    try file.write(bytes)
    try file.commit(durable: durable)
  }

  /// Writes `name` atomically, in pieces `body` writes into the temporary file; when `body`
  /// returns false (or throws), nothing is written and the old file stays.
  func writeFileAtomically(
    _ name: String, durable: Bool, body: (AtomicFile) throws(FileSystemError) -> Bool
  ) throws(FileSystemError) {
    try Self.checkName(name, in: path)
    let file = try AtomicFile(in: fd, name: name, path: path + "/" + name, mode: 0o644)
    guard try body(file) else {
      file.discard()
      return
    }
    try file.commit(durable: durable)
  }

  /// Removes the file or link `name`; a missing one is not an error.
  public func removeFile(_ name: String) throws(FileSystemError) {
    try Self.checkName(name, in: path)
    if unsafe unlinkat(fd, name, 0) != 0 && errno != ENOENT {
      throw FileSystemError(
        operation: Message("remove").english, path: path + "/" + name, code: errno)
    }
  }

  /// Removes the empty sub-directory `name`; returns false when it is not empty or missing.
  @discardableResult
  public func removeEmptyDirectory(_ name: String) -> Bool {
    guard (try? Self.checkName(name, in: path)) != nil else { return false }
    return unsafe unlinkat(fd, name, AT_REMOVEDIR) == 0
  }

  /// Refuses a name that is not one entry of this directory.
  ///
  /// Empty, `.`, `..`, or holding `/` or NUL: with `O_NOFOLLOW` on every component, that keeps
  /// every path inside the store however it was made (a tree entry named `..` once walked out).
  private static func checkName(_ name: String, in folder: String) throws(FileSystemError) {
    if name.isEmpty || name == "." || name == ".."
      || name.utf8.contains(where: { $0 == 0x2F || $0 == 0 })
    {
      throw FileSystemError(
        operation: Message("use the name").english, path: folder + "/" + name, code: EPERM)
    }
  }

  /// Makes a symbolic link `name` pointing at `target`, replacing whatever link was there.
  ///
  /// Anything else there (a file an editor saved in place of the link) is never removed:
  /// the error's code is `EEXIST`.
  public func makeSymlink(_ name: String, pointingTo target: String) throws(FileSystemError) {
    try Self.checkName(name, in: path)
    if unsafe symlinkat(target, fd, name) == 0 { return }
    guard errno == EEXIST else {
      throw FileSystemError(
        operation: Message("create link").english, path: path + "/" + name, code: errno)
    }
    guard let existing = try linkTarget(name) else {
      throw FileSystemError(
        operation: Message("create link").english, path: path + "/" + name, code: EEXIST)
    }
    if existing == target { return }
    try removeFile(name)
    if unsafe symlinkat(target, fd, name) != 0 {
      throw FileSystemError(
        operation: Message("create link").english, path: path + "/" + name, code: errno)
    }
  }

  /// The target of the symbolic link `name`, or nil when `name` is not a link.
  public func linkTarget(_ name: String) throws(FileSystemError) -> String? {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = unsafe buffer.withUnsafeMutableBufferPointer { raw in
      unsafe raw.withMemoryRebound(to: CChar.self) { chars in
        guard let base = chars.baseAddress else { return -1 }
        return unsafe readlinkat(fd, name, base, chars.count - 1)
      }
    }
    if count < 0 {
      if errno == EINVAL { return nil }
      throw FileSystemError(
        operation: Message("read link").english, path: path + "/" + name, code: errno)
    }
    return String(decoding: buffer[0..<count], as: UTF8.self)
  }

  /// The kind of each entry of this directory, without following links; `.` and `..` left out.
  public func entries() throws(FileSystemError) -> [(name: String, kind: EntryType)] {
    let listing = unsafe openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard listing >= 0, let stream = unsafe fdopendir(listing) else {
      throw FileSystemError(operation: Message("list").english, path: path, code: errno)
    }
    defer { unsafe closedir(stream) }
    var result: [(name: String, kind: EntryType)] = []
    while let entry = unsafe readdir(stream) {
      // Read the name in place, up to its NUL: `d_name` is declared 256 bytes, but the kernel
      // writes only the record's length, so copying the whole field could read past the end
      // of readdir's buffer (it crashed when a record ended at a page boundary).
      let offset = MemoryLayout<dirent>.offset(of: \.d_name) ?? 0
      let name = unsafe String(
        cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
      if name == "." || name == ".." { continue }
      unsafe result.append((name, kind(ofEntry: name, hint: entry.pointee.d_type)))
    }
    return result
  }

  /// What a directory entry is, as `lstat` sees it.
  public enum EntryType: Equatable, Sendable { case file, directory, symlink, other }

  private func kind(ofEntry name: String, hint: UInt8) -> EntryType {
    switch Int32(hint) {
    case Int32(DT_REG): return .file
    case Int32(DT_DIR): return .directory
    case Int32(DT_LNK): return .symlink
    case Int32(DT_UNKNOWN):
      var info = stat()
      guard unsafe fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .other }
      switch info.st_mode & S_IFMT {
      case S_IFREG: return .file
      case S_IFDIR: return .directory
      case S_IFLNK: return .symlink
      default: return .other
      }
    default: return .other
    }
  }

  /// True when the entry `name` is a symbolic link.
  func isLink(_ name: String) -> Bool {
    var info = stat()
    return unsafe fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0
      && info.st_mode & S_IFMT == S_IFLNK
  }

  /// When the entry `name` was last modified, in milliseconds; nil when it is not there.
  func modificationTime(_ name: String) -> Int64? {
    var info = stat()
    guard unsafe fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
    return Int64(info.st_mtim.tv_sec) * 1000 + Int64(info.st_mtim.tv_nsec) / 1_000_000
  }

  /// Sets when the file `name` was last modified (its access time is left as it is).
  func setModificationTime(_ name: String, milliseconds: Int64) throws(FileSystemError) {
    // Glibc's UTIME_OMIT, a macro Swift does not import: leave that time as it is.
    let omit = (1 << 30) - 2
    var times = [
      timespec(tv_sec: 0, tv_nsec: omit),
      timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds % 1000) * 1_000_000),
    ]
    guard unsafe utimensat(fd, name, &times, AT_SYMLINK_NOFOLLOW) == 0 else {
      throw FileSystemError(
        operation: Message("set the time of").english, path: path + "/" + name, code: errno)
    }
  }

  /// True when an entry called `name` exists here (a link counts, and is not followed).
  public func exists(_ name: String) -> Bool {
    var info = stat()
    return unsafe fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0
  }

  /// Flushes everything written to the file system that holds this directory.
  ///
  /// One call before a branch moves makes the work-tree files and every
  /// object of the new commit durable together (DESIGN §4), instead of an
  /// fsync per file and per object.
  ///
  /// A failure (the disk could not take a write back: `EIO`, `ENOSPC`) is thrown: a ref must
  /// not name objects that may not be on disk.
  public func syncFileSystem() throws(FileSystemError) {
    if holder_syncfs(fd) != 0 {
      throw FileSystemError(
        operation: Message("sync the file system of").english, path: path, code: errno)
    }
  }

  /// Flushes this directory's entries to disk, so a rename or removal in it survives a crash.
  ///
  /// Thrown when the disk reports an error: an entry that may not be on disk must not be
  /// counted on (a journal whose name could vanish, a removed file that could come back).
  public func sync() throws(FileSystemError) {
    if fsync(fd) != 0 {
      throw FileSystemError(operation: Message("sync").english, path: path, code: errno)
    }
  }
}
