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

/// The lock between holder-git processes: `flock` on `.git/holder-git.lock`.
///
/// DESIGN §1 puts it under `.git/`, not `.holder/local/`, which may be
/// deleted at any time. `flock` is released by the kernel when its holder
/// dies, so a lock left by a crashed process is simply free: there is no
/// stale lock file to take over. The holder's pid is written into the file
/// only to name it in the message when waiting takes too long.
public final class StoreLock {
  private let fd: Int32

  /// Runs just before the lock is let go, while no other process can take it.
  private let beforeRelease: (() -> Void)?
  /// Runs once the lock is let go.
  private let onRelease: (() -> Void)?
  /// Runs after `beforeRelease` with the lock's descriptor; true when it handed the lock on
  /// to a child process (the background packer), which then holds it until it exits.
  private let handOver: ((Int32) -> Bool)?

  /// Waits up to `timeout` seconds for the lock, then fails saying who holds it.
  public init(
    gitDirectory: String, timeout: Double = 30, beforeRelease: (() -> Void)? = nil,
    handOver: ((Int32) -> Bool)? = nil, onRelease: (() -> Void)? = nil
  ) throws(StoreError) {
    self.beforeRelease = beforeRelease
    self.handOver = handOver
    self.onRelease = onRelease
    let path = gitDirectory + "/holder-git.lock"
    let fd = unsafe open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard fd >= 0 else {
      throw .fileSystem(
        FileSystemError(operation: Message("open lock file").english, path: path, code: errno))
    }
    let deadline = Date().addingTimeInterval(timeout)
    var delay: useconds_t = 1_000
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR else {
        let code = errno
        close(fd)
        throw .fileSystem(
          FileSystemError(operation: Message("lock").english, path: path, code: code))
      }
      guard Date() < deadline else {
        let holder = StoreLock.holder(fd: fd)
        close(fd)
        throw .write(.lockTimeout(path: path, holder: holder, seconds: timeout))
      }
      usleep(delay)
      delay = min(delay * 2, 50_000)
    }
    self.fd = fd
    let pid = Array("\(getpid())\n".utf8)
    ftruncate(fd, 0)
    _ = unsafe pid.withUnsafeBytes { unsafe pwrite(fd, $0.baseAddress, $0.count, 0) }
  }

  /// True when a live process holds the lock of the store whose git directory is
  /// `gitDirectory`; asked without writing (a read opens no file for writing).
  public static func isHeld(gitDirectory: String) -> Bool {
    let fd = unsafe open(gitDirectory + "/holder-git.lock", O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK
  }

  /// Takes on the lock a parent process handed over as descriptor `fd` (the background
  /// packer's standard input); nil unless `fd` is the store's lock file and holds its lock.
  ///
  /// The parent's descriptor and this one share one open file description, so `flock` on it
  /// succeeds at once while the parent's lock is still held, and the lock stays held after
  /// the parent exits: no other process can take the store in between.
  public init?(adopting fd: Int32, gitDirectory: String) {
    var handed = stat()
    var file = stat()
    guard unsafe fstat(fd, &handed) == 0,
      unsafe stat(gitDirectory + "/holder-git.lock", &file) == 0,
      handed.st_dev == file.st_dev, handed.st_ino == file.st_ino,
      flock(fd, LOCK_EX | LOCK_NB) == 0
    else { return nil }
    self.fd = fd
    let pid = Array("\(getpid())\n".utf8)
    ftruncate(fd, 0)
    _ = unsafe pid.withUnsafeBytes { unsafe pwrite(fd, $0.baseAddress, $0.count, 0) }
    beforeRelease = nil
    handOver = nil
    onRelease = nil
  }

  deinit {
    beforeRelease?()
    // A child that took the lock over keeps it: closing our descriptor does not unlock a
    // description another process still has open, `LOCK_UN` would.
    if handOver?(fd) != true { flock(fd, LOCK_UN) }
    close(fd)
    onRelease?()
  }

  private static func holder(fd: Int32) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = unsafe buffer.withUnsafeMutableBytes {
      unsafe pread(fd, $0.baseAddress, $0.count, 0)
    }
    guard count > 0 else { return nil }
    return Int32(
      String(decoding: buffer[0..<count], as: UTF8.self).trimmingSpacesAndNewlines())
  }
}
