import Dispatch
import Glibc
import Synchronization

/// The work tree below some folders compared with git's index by the stamps it keeps.
///
/// As `git status` compares them: each folder is read once, each file stat-ed by its
/// name in its open folder, the folders of one depth on every core at once. What the stamps
/// cannot settle (a stamp that moved, or one written too close to the index to be trusted)
/// is left for the caller to hash.
struct WorkTreeScan {
  /// Entries (positions in the snapshot) whose stamp moved or is racy: hash them.
  ///
  /// Each with the stat data read before it is hashed, the only stamp that may go back into
  /// the index with the id the hash gives (one read after could belong to a newer content).
  var suspect: [(position: Int, info: Glibc.stat)] = []
  /// Entries whose file's executable bit differs from the index's mode.
  var modeChanged: [Int] = []
  /// Entries whose file is gone.
  var gone: [Int] = []
  /// Files on disk that the index does not have, as paths.
  var untracked: [[UInt8]] = []

  /// Scans the folders `folders` and the single files `files` below the open work tree
  /// `root`; nil when a path holds something a status of stamps cannot describe (a folder
  /// where the index has a file, a link or a folder in place of a file, a nested repository).
  ///
  /// An entry modified when the index was written (`indexWritten`: seconds, nanoseconds), or
  /// later, is racy: a second write in the same clock tick could leave its stamp as it was,
  /// so it is suspect whatever its stamp says (git's "racily clean" entries).
  init?(
    _ snapshot: IndexSnapshot, listing: IndexListing, root: Int32, folders: [[UInt8]],
    files: [[UInt8]], indexWritten: (UInt32, UInt32)
  ) {
    let context = Context(
      snapshot: snapshot, listing: listing, root: root, racyFrom: indexWritten)
    for file in files {
      let slash = file.lastIndex(of: UInt8(ascii: "/")) ?? -1
      guard
        let found = context.scan(
          folder: Array(file[..<max(0, slash)]), only: Array(file[(slash + 1)...]))
      else { return nil }
      absorb(found)
    }
    var level = folders
    while !level.isEmpty {
      let results = Mutex<[Found?]>(Array(repeating: nil, count: level.count))
      let folders = level
      DispatchQueue.concurrentPerform(iterations: min(folders.count, 16)) { part in
        for position in stride(from: part, to: folders.count, by: min(folders.count, 16)) {
          let found = context.scan(folder: folders[position], only: nil)
          results.withLock { $0[position] = found }
        }
      }
      var next: [[UInt8]] = []
      for found in results.withLock({ $0 }) {
        guard let found else { return nil }
        absorb(found)
        next += found.subfolders
      }
      level = next
    }
  }

  private mutating func absorb(_ found: Found) {
    suspect += found.suspect
    modeChanged += found.modeChanged
    gone += found.gone
    untracked += found.untracked
  }

  /// What one folder holds against the index.
  fileprivate struct Found {
    var suspect: [(position: Int, info: Glibc.stat)] = []
    var modeChanged: [Int] = []
    var gone: [Int] = []
    var untracked: [[UInt8]] = []
    /// Its folders to scan next: on disk or in the index.
    var subfolders: [[UInt8]] = []
  }

  fileprivate struct Context: Sendable {
    let snapshot: IndexSnapshot
    let listing: IndexListing
    let root: Int32
    let racyFrom: (seconds: UInt32, nanoseconds: UInt32)

    /// The folder `folder` ("" for the top) against the index, or only its name `only`;
    /// nil when it cannot be described.
    func scan(folder: [UInt8], only: [UInt8]?) -> Found? {
      var found = Found()
      var expected = listing.files[PathKey(folder)] ?? []
      if let only { expected = expected.filter { snapshot.entries[$0].name.elementsEqual(only) } }
      let known = only == nil ? listing.subfolders[PathKey(folder)] ?? [] : []
      let fd = folder.isEmpty ? dup(root) : Self.open(folder, in: root)
      guard fd >= 0 else {
        guard errno == ENOENT else { return nil }
        found.gone = expected
        found.subfolders = known.map { IndexListing.path(folder, $0.bytes) }
        return found
      }
      defer { close(fd) }
      guard var onDisk = Self.list(fd, only: only) else { return nil }
      onDisk.sort { $0.name.lexicographicallyPrecedes($1.name) }
      // Both lists are sorted by name: walked side by side.
      var next = 0
      var seenFolders = Set<PathKey>()
      for (name, type) in onDisk {
        while next < expected.count,
          snapshot.entries[expected[next]].name.lexicographicallyPrecedes(name)
        {
          found.gone.append(expected[next])
          next += 1
        }
        if next < expected.count, snapshot.entries[expected[next]].name.elementsEqual(name) {
          let position = expected[next]
          next += 1
          var info = Glibc.stat()
          guard Self.stat(name, in: fd, &info) else {
            guard errno == ENOENT else { return nil }
            found.gone.append(position)
            continue
          }
          guard info.st_mode & S_IFMT == S_IFREG else { return nil }
          compare(position, with: info, into: &found)
          continue
        }
        var isFolder = type == UInt8(DT_DIR)
        if type == UInt8(DT_UNKNOWN) {
          var info = Glibc.stat()
          guard Self.stat(name, in: fd, &info) else { continue }
          isFolder = info.st_mode & S_IFMT == S_IFDIR
        }
        if isFolder {
          // A repository inside is reported by git as one entry, not as its files.
          guard name != Array(".git".utf8), only == nil else { return nil }
          seenFolders.insert(PathKey(name))
          found.subfolders.append(IndexListing.path(folder, name))
        } else {
          found.untracked.append(IndexListing.path(folder, name))
        }
      }
      found.gone += expected[next...]
      for name in known where !seenFolders.contains(name) {
        found.subfolders.append(IndexListing.path(folder, name.bytes))
      }
      return found
    }

    /// The names in the open folder `fd` and their types (`d_type`), or only `only`.
    ///
    /// Nil when it cannot be read; `fd` stays open.
    private static func list(_ fd: Int32, only: [UInt8]?) -> [(name: [UInt8], type: UInt8)]? {
      let copy = dup(fd)
      guard copy >= 0, let directory = fdopendir(copy) else {
        if copy >= 0 { close(copy) }
        return nil
      }
      defer { closedir(directory) }
      var names: [(name: [UInt8], type: UInt8)] = []
      while let item = readdir(directory) {
        let name = Self.name(of: item)
        if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] {
          continue
        }
        if let only, name != only { continue }
        names.append((name, item.pointee.d_type))
      }
      return names
    }

    private func compare(_ position: Int, with info: Glibc.stat, into found: inout Found) {
      let entry = snapshot.entries[position]
      let stamp = entry.stamp
      // An index written by a git without nanoseconds keeps them as 0: seconds decide then.
      let same =
        stamp.modifiedSeconds == UInt32(truncatingIfNeeded: info.st_mtim.tv_sec)
        && (stamp.modifiedNanoseconds == 0
          || stamp.modifiedNanoseconds == UInt32(truncatingIfNeeded: info.st_mtim.tv_nsec))
        && stamp.changedSeconds == UInt32(truncatingIfNeeded: info.st_ctim.tv_sec)
        && (stamp.changedNanoseconds == 0
          || stamp.changedNanoseconds == UInt32(truncatingIfNeeded: info.st_ctim.tv_nsec))
        && stamp.inode == UInt32(truncatingIfNeeded: info.st_ino) && stamp.uid == info.st_uid
        && stamp.gid == info.st_gid && stamp.size == UInt32(truncatingIfNeeded: info.st_size)
      // Without nanoseconds in the entry, the second decides.
      let racy =
        stamp.modifiedSeconds > racyFrom.seconds
        || (stamp.modifiedSeconds == racyFrom.seconds
          && (stamp.modifiedNanoseconds == 0
            || stamp.modifiedNanoseconds >= racyFrom.nanoseconds))
      if !same || racy { found.suspect.append((position, info)) }
      if (info.st_mode & S_IXUSR != 0) != entry.executable { found.modeChanged.append(position) }
    }

    private static func open(_ folder: [UInt8], in root: Int32) -> Int32 {
      (folder + [0]).withUnsafeBufferPointer { path in
        path.withMemoryRebound(to: CChar.self) {
          guard let path = $0.baseAddress else { return -1 }
          return openat(root, path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
      }
    }

    private static func stat(_ name: [UInt8], in folder: Int32, _ info: inout Glibc.stat) -> Bool {
      (name + [0]).withUnsafeBufferPointer { path in
        path.withMemoryRebound(to: CChar.self) {
          guard let path = $0.baseAddress else { return false }
          return fstatat(folder, path, &info, AT_SYMLINK_NOFOLLOW) == 0
        }
      }
    }

    private static func name(of item: UnsafeMutablePointer<dirent>) -> [UInt8] {
      withUnsafeBytes(of: &item.pointee.d_name) { bytes in
        Array(bytes.prefix { $0 != 0 })
      }
    }

  }
}
