import Crypto
import Glibc

/// Staging the files one small change wrote by splicing them into git's index file
/// (`IndexSplice`), under git's own `index.lock`, instead of libgit2 reading and writing
/// every entry.
extension Repository {
  /// Stages `writes` and unstages `removals` by splicing; false when it cannot.
  ///
  /// `writes` are files just written, whose blob ids the caller knows (stat data read here).
  /// False when the index cannot be spliced (none yet, a split
  /// or sparse index, a conflict on a path, a file that is not a regular one): the caller then
  /// stages through libgit2. Throws code `.locked` while `index.lock` is held; the index is
  /// read only once this has taken that lock, so no other writer's index is overwritten.
  /// With `lock` (taken by the caller before its branch moved), the index is written through
  /// it; it stays held when the index cannot be spliced.
  public func spliceIndex(
    writes: [(path: String, id: ObjectID)], removals: [String], durable: Bool,
    through lock: IndexLock? = nil
  ) throws(GitError) -> Bool {
    guard let workDirectory else { return false }
    return try rewriteIndex(durable: durable, through: lock) { index in
      var entries: [IndexSplice.Entry] = []
      for write in writes.sorted(by: {
        Array($0.path.utf8).lexicographicallyPrecedes($1.path.utf8)
      }) {
        var info = stat()
        guard lstat(workDirectory + "/" + write.path, &info) == 0,
          info.st_mode & S_IFMT == S_IFREG
        else { return nil }
        entries.append(
          IndexSplice.Entry(
            path: Array(write.path.utf8),
            stat: IndexSplice.Entry.statData(info, mode: EntryKind.blob.mode),
            id: write.id.bytes))
      }
      return index.applying(writes: entries, removals: Set(removals.map { Array($0.utf8) }))
    }
  }

  /// Writes back the stamps of entries a status hashed and found unchanged (`refreshed`,
  /// in any order, their ids as the index has them), as git's status does; false when the
  /// index is no longer the one with `checksum` that status read, or cannot be spliced.
  ///
  /// The cache tree stays valid: no content changed.
  func refreshStamps(
    _ refreshed: [IndexSplice.Entry], ofIndexWithChecksum checksum: ArraySlice<UInt8>
  )
    throws(GitError) -> Bool
  {
    try rewriteIndex(durable: false) { index in
      guard index.bytes[(index.bytes.count - 20)...].elementsEqual(checksum) else { return nil }
      return index.applying(writes: refreshed, removals: [], invalidatingCacheTree: false)
    }
  }

  /// Replaces git's index with what `change` makes of it, under git's own `index.lock`;
  /// false when `change` gives nil (the index stays as it was).
  ///
  /// The lock first, then the index read under it: a `git status` that rewrote the index a
  /// moment before is read, not overwritten. Throws code `.locked` while `index.lock` is held.
  /// With `held`, the lock the caller took is used, and stays held when the index is not
  /// written.
  private func rewriteIndex(
    durable: Bool, through held: IndexLock? = nil, _ change: (IndexSplice) -> [UInt8]?
  ) throws(GitError) -> Bool {
    let lock: IndexLock
    if let held { lock = held } else { lock = try lockIndex() }
    defer { if held == nil { lock.release() } }
    guard let current = Self.readWholeFile(gitDirectory + "/index"),
      let index = IndexSplice(current.bytes), var spliced = change(index)
    else { return false }
    spliced.append(contentsOf: Insecure.SHA1.hash(data: spliced))
    try lock.place(spliced, durable: durable)
    return true
  }

  /// The bytes of the file at `path` and its stat data; nil when it cannot be read.
  static func readWholeFile(_ path: String) -> (bytes: [UInt8], info: stat)? {
    let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var done = 0
    while done < bytes.count {
      let count = bytes.withUnsafeMutableBytes {
        pread(fd, $0.baseAddress.map { $0 + done }, $0.count - done, off_t(done))
      }
      guard count > 0 else { return nil }
      done += count
    }
    return (bytes, info)
  }
}
