import Glibc

/// git's own `index.lock`, taken as git takes it (created exclusively) and held by holder-git
/// from before a branch moves until the work tree and the index follow it, as `git checkout`
/// holds it: a `git commit` run meanwhile fails ("Unable to create '.git/index.lock'") instead
/// of committing an index that is half the old commit's and half the new one's.
///
/// The index is then written through it (`place`): into the lock file, renamed onto
/// `index`, so no other process can take the lock between the branch's move and the write.
/// The lock file holds `holder-git PID` until the index replaces it, so a command that finds
/// it after a crash can tell it is a dead holder-git's (`isLeftByDeadHolder`).
public final class IndexLock {
  /// `.git/index.lock`.
  public let path: String
  let gitDirectory: String
  private var descriptor: Int32
  /// False once the index was placed or the lock let go.
  public private(set) var isHeld = true

  /// What the lock file holds until the index replaces it.
  static let marker = "holder-git "

  init(gitDirectory: String) throws(GitError) {
    self.gitDirectory = gitDirectory
    path = gitDirectory + "/index.lock"
    descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      // Fully initialized, so `deinit` runs: it must not remove the lock another process holds.
      isHeld = false
      if errno == EEXIST {
        throw GitError(
          code: .locked, klass: 0, message: "'\(path)' exists", function: "index lock")
      }
      throw Self.failure("create", path)
    }
    let text = Array((Self.marker + "\(getpid())\n").utf8)
    // A lock without its marker is still a lock; only the crash recovery reads it.
    _ = text.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
  }

  deinit { release() }

  /// Lets the lock go without writing the index (removes the lock file).
  public func release() {
    guard isHeld else { return }
    isHeld = false
    close(descriptor)
    unlink(path)
  }

  /// Lets this process go without removing the lock file: an operation that failed after its
  /// branch moved leaves it, with its journal, for the next command's crash recovery, as a
  /// crash would, so plain git waits for the work tree to follow the branch.
  public func leave() {
    guard isHeld else { return }
    isHeld = false
    close(descriptor)
  }

  /// Writes `bytes` (a whole index with its checksum) into the lock file and renames it onto
  /// `index`; with `durable`, the file and then the folder's new name are synced.
  func place(_ bytes: [UInt8], durable: Bool) throws(GitError) {
    precondition(isHeld, "the index lock is not held")
    guard ftruncate(descriptor, 0) == 0 else { throw Self.failure("write", path) }
    try Self.write(bytes, to: descriptor, path: path)
    guard !durable || fsync(descriptor) == 0 else { throw Self.failure("sync", path) }
    try rename(onto: "index", durable: durable)
  }

  /// Renames the file `temporary` (in the git folder, written and synced by libgit2) onto the
  /// lock file, then the lock file onto `index`: the lock's name never goes away between.
  func place(file temporary: String, durable: Bool) throws(GitError) {
    precondition(isHeld, "the index lock is not held")
    guard Glibc.rename(gitDirectory + "/" + temporary, path) == 0 else {
      throw Self.failure("rename", gitDirectory + "/" + temporary)
    }
    try rename(onto: "index", durable: durable)
  }

  private func rename(onto name: String, durable: Bool) throws(GitError) {
    close(descriptor)
    guard Glibc.rename(path, gitDirectory + "/" + name) == 0 else {
      let error = Self.failure("rename", path)
      isHeld = false
      unlink(path)
      throw error
    }
    isHeld = false
    if durable {
      // The new name too, as libgit2 syncs the folder of a file it wrote durably.
      // An index whose new name may not be on disk leaves the operation for the next command.
      let folder = Glibc.open(gitDirectory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard folder >= 0 else { throw Self.failure("sync", gitDirectory) }
      defer { close(folder) }
      guard fsync(folder) == 0 else { throw Self.failure("sync", gitDirectory) }
    }
  }

  /// Writes all of `bytes` at the start of the open file `descriptor` (`path`, for the error).
  static func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(GitError) {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        pwrite(descriptor, $0.baseAddress.map { $0 + written }, $0.count - written, off_t(written))
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw Self.failure("write", path) }
      written += count
    }
  }

  /// True when the file at `path` is a lock holder-git took and whose process is gone.
  public static func isLeftByDeadHolder(at path: String) -> Bool {
    guard let (bytes, _) = Repository.readWholeFile(path), bytes.count < 64,
      bytes.starts(with: Array(marker.utf8))
    else { return false }
    let digits = bytes.dropFirst(marker.utf8.count).prefix { $0 != UInt8(ascii: "\n") }
    guard let pid = Int32(String(decoding: digits, as: UTF8.self)), pid > 0, pid != getpid()
    else { return false }
    return kill(pid, 0) != 0 && errno == ESRCH
  }

  /// The name of a temporary index in the git folder, `.index.tmp-PID-RANDOM`, which the
  /// crash recovery removes once its process is gone.
  static func temporaryName() -> String {
    ".index.tmp-\(getpid())-\(UInt32.random(in: 1...UInt32.max))"
  }

  static func failure(_ what: String, _ path: String) -> GitError {
    // The system's reason alone: the store layer adds what to do about it, which differs once
    // the branch has moved.
    GitError.invalid("cannot \(what) '\(path)': \(String(cString: strerror(errno)))", "index lock")
  }
}

extension Repository {
  /// Takes git's `index.lock`; throws code `.locked` while another process holds it.
  public func lockIndex() throws(GitError) -> IndexLock {
    try IndexLock(gitDirectory: gitDirectory)
  }
}
