internal import CLibGit2
import Glibc

extension Repository {
  /// Stages files the caller just wrote as the blobs `id` it already knows.
  ///
  /// With their stat data read by `lstat`, so git sees them clean without hashing any file
  /// again (what `updateIndex` with `.addFromWorkTree` would do for each). Throws code
  /// `.locked` when `index.lock` is held (the caller retries). With `lock`, the caller's held
  /// `index.lock`, the index is written through it.
  public func stageWrittenFiles(
    _ files: [(path: String, id: ObjectID)], through lock: IndexLock? = nil
  ) throws(GitError) {
    guard let workDirectory else {
      throw GitError.invalid("the repository has no work tree", "git_index_add")
    }
    let root = workDirectory.hasSuffix("/") ? workDirectory : workDirectory + "/"
    try changeIndex(changed: files.count, through: lock) { (index) throws(GitError) in
      for file in files {
        var info = stat()
        guard lstat(root + file.path, &info) == 0 else { continue }
        var entry = git_index_entry()
        entry.ctime.seconds = Int32(truncatingIfNeeded: info.st_ctim.tv_sec)
        entry.ctime.nanoseconds = UInt32(truncatingIfNeeded: info.st_ctim.tv_nsec)
        entry.mtime.seconds = Int32(truncatingIfNeeded: info.st_mtim.tv_sec)
        entry.mtime.nanoseconds = UInt32(truncatingIfNeeded: info.st_mtim.tv_nsec)
        entry.dev = UInt32(truncatingIfNeeded: info.st_dev)
        entry.ino = UInt32(truncatingIfNeeded: info.st_ino)
        entry.mode = EntryKind.blob.mode
        entry.uid = info.st_uid
        entry.gid = info.st_gid
        entry.file_size = UInt32(truncatingIfNeeded: info.st_size)
        entry.id = file.id.oid
        let result = file.path.withCString { path in
          entry.path = path
          return git_index_add(index, &entry)
        }
        try check(result, "git_index_add")
      }
    }
  }
}
