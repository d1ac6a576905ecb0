internal import CLibGit2
import Glibc

extension Repository {
  /// Stages and unstages paths in the index on disk.
  ///
  /// Re-reads the index from disk when it changed, applies the updates (add_bypath hashes the work-tree
  /// file so the stat cache is right, remove_bypath), writes it. Throws code .locked when
  /// index.lock is held by another process (caller retries). With `lock`, the caller's held
  /// `index.lock`, the index is written through it.
  ///
  /// Staging through the index this way keeps `git status` clean after the store commits a
  /// file it wrote, without running a status scan.
  public func updateIndex(_ updates: [IndexUpdate], through lock: IndexLock? = nil)
    throws(GitError)
  {
    try changeIndex(changed: updates.count, through: lock) { (index) throws(GitError) in
      for update in updates {
        switch update {
        case .addFromWorkTree(let path):
          try check(git_index_add_bypath(index, path), "git_index_add_bypath")
        case .remove(let path):
          try check(git_index_remove_bypath(index, path), "git_index_remove_bypath")
        }
      }
    }
  }

  /// Runs `change` on the index as it is on disk now, then writes the index back.
  ///
  /// With `cacheTree`, or when `change` staged at least half as many paths as the index then
  /// holds (`changed`: an import, a checkout), the tree of every folder goes into the index's
  /// cache tree (`TREE`), which libgit2 fills in when it computes the index's tree: a status
  /// then skips each folder whose tree HEAD has (`statusFromIndex`). Refilling it reads every
  /// tree of the store, about a quarter second at 100,000 bookmarks: too much for a merge
  /// that changed a thousand files, whose folders a status compares one by one.
  func changeIndex(
    changed: Int = 0, cacheTree: Bool = false, through lock: IndexLock? = nil,
    _ change: (OpaquePointer) throws(GitError) -> Void
  ) throws(GitError) {
    if let lock {
      try changeIndex(through: lock, changed: changed, cacheTree: cacheTree, change)
      return
    }
    let index = try Handle.make("git_repository_index", free: git_index_free) {
      git_repository_index(&$0, pointer)
    }
    try index.withPointer { (index) throws(GitError) in
      // libgit2 caches the index per repository; another process (git, the merge driver) may
      // have rewritten it since, and writing a stale copy back would undo their work. A
      // non-forced read compares the file's stamp (mtime, size, inode) and re-reads when it
      // changed; every writer replaces the index by renaming `index.lock`, which changes the
      // inode, so this sees every rewrite without parsing an unchanged index a second time.
      try check(git_index_read(index, 0), "git_index_read")
      try change(index)
      if cacheTree || changed * 2 >= Int(git_index_entrycount(index)) {
        // An index with a conflict has no tree and keeps its cache as it is.
        var tree = git_oid()
        _ = git_index_write_tree(&tree, index)
      }
      try check(git_index_write(index), "git_index_write")
    }
  }

  /// `changeIndex` while the caller holds `index.lock`, which libgit2's own write would take:
  /// a copy of the index in the git folder is the repository's index for the length of the
  /// change (libgit2 reads, changes and writes it, syncing it when asked to), then that copy
  /// is renamed onto the lock and the lock onto `index`.
  private func changeIndex(
    through lock: IndexLock, changed: Int, cacheTree: Bool,
    _ change: (OpaquePointer) throws(GitError) -> Void
  ) throws(GitError) {
    precondition(lock.isHeld, "the index lock is not held")
    let name = IndexLock.temporaryName()
    let temporary = gitDirectory + "/" + name
    defer { unlink(temporary) }
    if let current = Self.readWholeFile(gitDirectory + "/index") {
      try Self.writeNewFile(temporary, current.bytes)
    }
    let index = try Handle.make("git_index_open", free: git_index_free) {
      git_index_open(&$0, temporary)
    }
    try index.withPointer { (index) throws(GitError) in
      // Owned by the repository, so that libgit2 finds the work tree to stage from.
      try check(git_repository_set_index(pointer, index), "git_repository_set_index")
      // The repository opens git's own index again the next time it is asked for it.
      defer { git_repository_set_index(pointer, nil) }
      try change(index)
      if cacheTree || changed * 2 >= Int(git_index_entrycount(index)) {
        var tree = git_oid()
        _ = git_index_write_tree(&tree, index)
      }
      try check(git_index_write(index), "git_index_write")
    }
    try lock.place(file: name, durable: true)
  }

  /// Writes `bytes` to a new file at `path` (none may be there).
  private static func writeNewFile(_ path: String, _ bytes: [UInt8]) throws(GitError) {
    let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw IndexLock.failure("create", path) }
    defer { close(fd) }
    try IndexLock.write(bytes, to: fd, path: path)
  }
}

extension Repository {
  /// Fills the index's cache tree with the tree of every folder (see `changeIndex`).
  public func fillCacheTree() throws(GitError) {
    try changeIndex(cacheTree: true) { _ in }
  }

  /// Rewrites the index in on-disk format `version` (2, 3 or 4).
  ///
  /// Version 4 compresses paths that share a prefix, which bookmark paths do: the index of a
  /// 10,000-bookmark store shrinks by a quarter, and every read and write hashes less.
  public func setIndexVersion(_ version: UInt32) throws(GitError) {
    try changeIndex { (index) throws(GitError) in
      try check(git_index_set_version(index, version), "git_index_set_version")
    }
  }
}
