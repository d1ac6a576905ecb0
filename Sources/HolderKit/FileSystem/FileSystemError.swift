import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// A failed system call on a store path, with the errno it gave.
public struct FileSystemError: Error, Equatable, LocalizedError {
  /// What was being done (`open`, `rename`, `symlink`…).
  public var operation: String
  /// The store-relative or absolute path it was done to.
  public var path: String
  /// The `errno` value.
  public var code: Int32

  public init(operation: String, path: String, code: Int32) {
    self.operation = operation
    self.path = path
    self.code = code
  }

  /// True when the path (or a folder on it) does not exist.
  public var isNotFound: Bool { code == ENOENT }

  /// True when a component of the path is a symbolic link (refused by `O_NOFOLLOW`).
  public var isSymbolicLink: Bool { code == ELOOP || code == ENOTDIR }

  public var errorDescription: String? {
    // ELOOP's own words ("too many levels of symbolic links") do not say what is wrong here.
    switch (code == ELOOP, remedy) {
    case (true, let remedy?): return Message("cannot \(operation) '\(path)': \(remedy)").english
    case (true, nil): return Message("cannot \(operation) '\(path)'").english
    case (false, let remedy?):
      return Message("cannot \(operation) '\(path)': \(systemMessage); \(remedy)").english
    case (false, nil): return Message("cannot \(operation) '\(path)': \(systemMessage)").english
    }
  }

  /// The system's words for `code` (`No space left on device`): for the faults a store meets,
  /// glibc's own text as a message, so the reader sees it in their language; the rest as the
  /// system says them.
  public var systemMessage: String {
    switch code {
    case ENOSPC: Message("No space left on device").english
    case EDQUOT: Message("Disk quota exceeded").english
    case EROFS: Message("Read-only file system").english
    case EACCES: Message("Permission denied").english
    case EPERM: Message("Operation not permitted").english
    case ENOENT: Message("No such file or directory").english
    case EIO: Message("Input/output error").english
    case ENOTDIR: Message("Not a directory").english
    case EISDIR: Message("Is a directory").english
    case EEXIST: Message("File exists").english
    case ENAMETOOLONG: Message("File name too long").english
    case EMFILE: Message("Too many open files").english
    case ENOTEMPTY: Message("Directory not empty").english
    case EBUSY: Message("Device or resource busy").english
    case EINVAL: Message("Invalid argument").english
    default: unsafe String(cString: strerror(code))
    }
  }

  /// What to do about a fault of the machine rather than of the store (a full disk, a
  /// read-only file); nil for the rest, whose message says enough.
  public var remedy: String? {
    switch code {
    case ENOSPC, EDQUOT: Message("free some space on that disk, then run the command again").english
    case EROFS:
      Message(
        "the file system is mounted read-only; remount it writable, then run the command again"
      ).english
    case EACCES: Self.permissions
    case EPERM where operation != "use the name": Self.permissions
    case ELOOP:
      Message(
        "it is a symbolic link, which holder-git never follows; put a real folder or file in its place"
      ).english
    case EIO:
      Message(
        "the disk reported an error reading or writing; check the disk, then run the command again"
      ).english
    default: nil
    }
  }

  /// What to do about the same faults when the command's change was already made (its branch
  /// moved) and only writing it out failed: put the machine right; the next command finishes
  /// the rest, so the command itself must not run again.
  public var remedyOnceMade: String? {
    switch code {
    case ENOSPC, EDQUOT:
      Message("free some space on that disk; then 'holder-git check --fix' finishes it").english
    case EROFS:
      Message("remount the file system writable; then 'holder-git check --fix' finishes it")
        .english
    case EACCES, EPERM:
      Message(
        "check its permissions (and its folder's); then 'holder-git check --fix' finishes it"
      ).english
    case EIO: Message("check the disk; then 'holder-git check --fix' finishes it").english
    default: nil
    }
  }

  /// The fault as the system names it, without a remedy: `cannot sync 'path': Input/output
  /// error`.
  public var plainDescription: String {
    Message("cannot \(operation) '\(path)': \(systemMessage)").english
  }

  private static let permissions = Message(
    "you may not change it: check its permissions (and its folder's), then run the command again"
  ).english
}
