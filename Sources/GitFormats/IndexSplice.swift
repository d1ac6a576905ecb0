import Crypto
import Glibc

/// A change of a few paths spliced into git's index file (`gitformat-index`) without parsing
/// and rewriting every entry into libgit2's structures: at 100,000
/// bookmarks libgit2 spent most of an `add` reading and writing the whole index.
///
/// Entries before and after the changed ones are copied as bytes; in version 4 only the entry
/// right after a change is encoded again (its path is stored against the previous one). The
/// cache tree (`TREE`) is kept with the changed folders marked invalid, as git does; `REUC`
/// is kept; other optional extensions, caches all (untracked cache, fsmonitor, offset
/// tables), are dropped. Nil for anything unusual (a split or sparse index, a conflict on a
/// changed path, a malformed file): the caller then goes through libgit2.
package struct IndexSplice {
  /// One staged file: its path, blob, and the stat data git compares the work tree with.
  package struct Entry {
    package var path: [UInt8]
    /// ctime s, ns, mtime s, ns, dev, ino, mode, uid, gid, size: as the index stores them.
    package var stat: [UInt32]
    package var id: [UInt8]

    package init(path: [UInt8], stat: [UInt32], id: [UInt8]) {
      self.path = path
      self.stat = stat
      self.id = id
    }

    /// The stat data of `info` in the index's order, with `mode` for the entry's mode.
    package static func statData(_ info: stat, mode: UInt32) -> [UInt32] {
      [
        UInt32(truncatingIfNeeded: info.st_ctim.tv_sec),
        UInt32(truncatingIfNeeded: info.st_ctim.tv_nsec),
        UInt32(truncatingIfNeeded: info.st_mtim.tv_sec),
        UInt32(truncatingIfNeeded: info.st_mtim.tv_nsec),
        UInt32(truncatingIfNeeded: info.st_dev), UInt32(truncatingIfNeeded: info.st_ino),
        mode, info.st_uid, info.st_gid, UInt32(truncatingIfNeeded: info.st_size),
      ]
    }
  }

  package let bytes: [UInt8]
  package let version: UInt32
  package let count: Int

  package init?(_ bytes: [UInt8]) {
    guard bytes.count >= 32, bytes[0..<4].elementsEqual("DIRC".utf8) else { return nil }
    // A damaged index is never spliced: its new checksum would hide the damage from git. An
    // all-zero checksum is git's `index.skipHash`, which readers accept unchecked.
    let checksum = bytes[(bytes.count - 20)...]
    if checksum.contains(where: { $0 != 0 }) {
      guard Insecure.SHA1.hash(data: bytes[..<(bytes.count - 20)]).elementsEqual(checksum)
      else { return nil }
    }
    self.bytes = bytes
    version = Self.read32(bytes, 4)
    count = Int(Self.read32(bytes, 8))
    guard (2...4).contains(version) else { return nil }
  }

  /// The index with `writes` staged (sorted by path, no path twice) and `removals` unstaged,
  /// without its trailing checksum; nil when it cannot be spliced.
  ///
  /// The cache tree's folders of the changed paths become invalid unless
  /// `invalidatingCacheTree` is false: for writes that change only stamps, not content.
  package func applying(
    writes: [Entry], removals: Set<[UInt8]>, invalidatingCacheTree: Bool = true
  ) -> [UInt8]? {
    var changes: [(path: [UInt8], entry: Entry?)] = writes.map { ($0.path, $0) }
    let written = Set(writes.map(\.path))
    for path in removals where !written.contains(path) {
      changes.append((path, nil))
    }
    changes.sort { $0.path.lexicographicallyPrecedes($1.path) }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + writes.count * 128)
    output.append(contentsOf: bytes[0..<12])
    var emitted = 0
    var lastEmitted: [UInt8] = []
    var previous: [UInt8] = []  // the entry before in the file: version 4 stores paths against it
    var next = 0
    var offset = 12
    var verbatimFrom = 12
    for _ in 0..<count {
      let start = offset
      guard let parsed = entry(at: start, previous: previous) else { return nil }
      let path = parsed.path
      offset = parsed.end
      defer { previous = path }
      var replaced = false
      while next < changes.count {
        let change = changes[next]
        if change.path.lexicographicallyPrecedes(path) {
          output.append(contentsOf: bytes[verbatimFrom..<start])
          verbatimFrom = start
          if let entry = change.entry {
            append(entry, after: &lastEmitted, to: &output)
            emitted += 1
          }
          next += 1
        } else if change.path == path {
          guard parsed.stage == 0 else { return nil }
          output.append(contentsOf: bytes[verbatimFrom..<start])
          verbatimFrom = parsed.end
          if let entry = change.entry {
            append(entry, after: &lastEmitted, to: &output)
            emitted += 1
          }
          next += 1
          replaced = true
          break
        } else {
          break
        }
      }
      if replaced { continue }
      // Version 4 stores each path against the one before: encode it again after a change.
      if version == 4 && lastEmitted != previous {
        output.append(contentsOf: bytes[verbatimFrom..<start])
        output.append(contentsOf: bytes[start..<(start + parsed.fixed)])
        appendPath(path, after: lastEmitted, to: &output)
        verbatimFrom = parsed.end
      }
      lastEmitted = path
      emitted += 1
    }
    output.append(contentsOf: bytes[verbatimFrom..<offset])
    for change in changes[next...] {
      if let entry = change.entry {
        append(entry, after: &lastEmitted, to: &output)
        emitted += 1
      }
    }
    Self.write32(UInt32(emitted), into: &output, at: 8)
    guard
      let extensions = IndexExtensions.kept(
        bytes[offset..<(bytes.count - 20)],
        invalidating: invalidatingCacheTree ? changes.map(\.path) : [])
    else { return nil }
    output.append(contentsOf: extensions)
    return output
  }
}
