internal import CLibGit2
import Glibc

extension Repository {
  /// The status of the folders and files `paths` (relative to the work tree), as
  /// `status(pathspecs:)` gives it, read from the stamps git's index keeps.
  ///
  /// libgit2's status parses every entry of the index into its own structures and matches
  /// each against the pathspecs before it stats the file, one after another: at 100,000
  /// bookmarks, 0.6 s of a sync that plain git's fetch and merge do not pay. Here the index's
  /// bytes are read once, each folder is listed and its files stat-ed by name on every core,
  /// only files whose stamps moved are hashed, and the index is compared with HEAD through
  /// its cache tree where it is valid. Whatever this cannot describe goes to libgit2.
  ///
  /// `fillingCacheTree` (for a caller that may write the index, as git's status does): an
  /// index without a cache tree, as older holder-gits and libgit2's checkout wrote it, gets
  /// one, so the next status need not compare every folder with HEAD's; and the stamps of
  /// files hashed and found unchanged are written back, so a store copied or restored from
  /// a backup (every stamp moved) hashes its files once, not at every status.
  public func statusFromIndex(of paths: [String], fillingCacheTree: Bool = false)
    throws(GitError) -> [StatusEntry]
  {
    guard let status = try quickStatus(of: paths) else {
      return try status(pathspecs: paths)
    }
    if fillingCacheTree {
      // Best effort, as git's status: a stamp not written back is only hashed again.
      if !status.refreshed.isEmpty {
        _ = try? refreshStamps(status.refreshed, ofIndexWithChecksum: status.checksum)
      }
      if !status.hasCacheTree { try fillCacheTree() }
    }
    return status.entries
  }

  /// A status from the index's stamps.
  struct QuickStatus {
    var entries: [StatusEntry]
    var hasCacheTree: Bool
    /// Entries hashed and found unchanged, with the stamps read before hashing, old enough
    /// to write back (`refreshable`).
    var refreshed: [IndexSplice.Entry]
    /// The trailing checksum of the index this was read from.
    var checksum: ArraySlice<UInt8>
  }

  /// The status from the index's stamps; nil when the index or the work tree holds what it
  /// cannot describe.
  func quickStatus(of paths: [String]) throws(GitError) -> QuickStatus? {
    let before = secondsNow() - 1
    guard let workDirectory, let index = Self.readWholeFile(gitDirectory + "/index"),
      let snapshot = IndexSnapshot(index.bytes, under: paths)
    else { return nil }
    let listing = IndexListing(snapshot)
    let root = Glibc.open(workDirectory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard root >= 0 else { return nil }
    defer { close(root) }
    var folders: [[UInt8]] = []
    var files: [[UInt8]] = []
    // A folder on disk or in the index is walked; anything else is one file.
    for path in paths.map({ Array($0.utf8) }) {
      var info = stat()
      let onDisk =
        fstatat(root, path.map { CChar(bitPattern: $0) } + [0], &info, AT_SYMLINK_NOFOLLOW) == 0
      if (onDisk && info.st_mode & S_IFMT == S_IFDIR) || listing.folderExists(path) {
        folders.append(path)
      } else {
        files.append(path)
      }
    }
    guard
      let scan = WorkTreeScan(
        snapshot, listing: listing, root: root, folders: folders, files: files,
        indexWritten: (
          UInt32(truncatingIfNeeded: index.info.st_mtim.tv_sec),
          UInt32(truncatingIfNeeded: index.info.st_mtim.tv_nsec)
        ))
    else { return nil }
    var changes: [[UInt8]: (index: StatusEntry.Change?, workTree: StatusEntry.Change?)] = [:]
    var refreshed: [IndexSplice.Entry] = []
    let modeChanged = Set(scan.modeChanged)
    for (position, info) in scan.suspect {
      let entry = snapshot.entries[position]
      if try hashFile(String(decoding: entry.path, as: UTF8.self)) != entry.id {
        changes[entry.path, default: (nil, nil)].workTree = .modified
      } else if !modeChanged.contains(position), Self.refreshable(info, before: before) {
        refreshed.append(
          IndexSplice.Entry(
            path: entry.path,
            stat: IndexSplice.Entry.statData(
              info, mode: entry.executable ? 0o100755 : EntryKind.blob.mode),
            id: entry.id.bytes))
      }
    }
    if try configBool("core.filemode") ?? true {
      for position in scan.modeChanged {
        changes[snapshot.entries[position].path, default: (nil, nil)].workTree = .modified
      }
    }
    for position in scan.gone {
      changes[snapshot.entries[position].path, default: (nil, nil)].workTree = .deleted
    }
    for path in scan.untracked where try !isIgnored(String(decoding: path, as: UTF8.self)) {
      changes[path, default: (nil, nil)].workTree = .added
    }
    for (path, change) in try stagedChanges(
      snapshot, listing: listing, folders: folders, files: files)
    {
      changes[path, default: (nil, nil)].index = change
    }
    let entries = changes.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { path in
      StatusEntry(
        path: String(decoding: path, as: UTF8.self), inIndex: changes[path]?.index,
        inWorkTree: changes[path]?.workTree)
    }
    return QuickStatus(
      entries: entries, hasCacheTree: !snapshot.trees.isEmpty, refreshed: refreshed,
      checksum: index.bytes[(index.bytes.count - 20)...])
  }

  /// True when a stamp read before hashing may go back into the index.
  ///
  /// Only when its file was last changed before the second before this status began: a write
  /// in the same clock tick as the read, after it, could leave the stamp as it was (file
  /// system clocks tick in milliseconds); any write from now on gives a later one.
  private static func refreshable(_ info: Glibc.stat, before seconds: Int) -> Bool {
    info.st_mtim.tv_sec < seconds && info.st_ctim.tv_sec < seconds
  }

  /// The blob id of the work tree's file `path`, through the filters its attributes name.
  private func hashFile(_ path: String) throws(GitError) -> ObjectID {
    var oid = git_oid()
    try check(
      git_repository_hashfile(&oid, pointer, path, GIT_OBJECT_BLOB, nil),
      "git_repository_hashfile")
    return ObjectID(oid)
  }

  private func isIgnored(_ path: String) throws(GitError) -> Bool {
    var ignored: Int32 = 0
    try check(git_ignore_path_is_ignored(&ignored, pointer, path), "git_ignore_path_is_ignored")
    return ignored != 0
  }
}
