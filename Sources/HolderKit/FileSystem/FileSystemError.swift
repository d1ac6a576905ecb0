import Foundation

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
    unsafe "cannot \(operation) '\(path)': \(String(cString: strerror(code)))"
  }
}
