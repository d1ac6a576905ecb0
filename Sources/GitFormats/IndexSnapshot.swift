/// git's index file read for a status of some folders (`gitformat-index`).
///
/// Their stage-0 entries with the stat data git compares the work tree with, and the cache
/// tree's folders whose tree ids are known. Nil for whatever such a status could get wrong (a
/// conflict, a sparse or split index, flags that tell git to skip files, a mode other than a
/// file's).
package struct IndexSnapshot {
  /// One staged file below the folders asked for.
  package struct Entry {
    /// The path's bytes: names are compared as bytes, as git does, not as Unicode text.
    package var path: [UInt8]
    /// The position of the path's last "/"; -1 for a file at the top.
    package var slash: Int
    package var stamp: Stamp
    package var id: ObjectID
    package var executable: Bool

    package var folder: ArraySlice<UInt8> { path[..<max(0, slash)] }
    package var name: ArraySlice<UInt8> { path[(slash + 1)...] }
  }

  /// The stat data of an entry as the index keeps it (32 bits each), without the device,
  /// which a copied or remounted store changes without a file changing.
  package struct Stamp: Equatable {
    package var changedSeconds: UInt32
    package var changedNanoseconds: UInt32
    package var modifiedSeconds: UInt32
    package var modifiedNanoseconds: UInt32
    package var inode: UInt32
    package var uid: UInt32
    package var gid: UInt32
    package var size: UInt32
  }

  package var entries: [Entry] = []
  /// The cache tree's valid folders ("" for the top) and their tree ids.
  package var trees: [PathKey: ObjectID] = [:]

  /// The entries of `bytes` equal to one of `paths` or below it; nil when a status from
  /// them could be wrong (see the type's comment).
  package init?(_ bytes: [UInt8], under paths: [String]) {
    guard let index = IndexSplice(bytes) else { return nil }
    let prefixes = paths.map { Array($0.utf8) }
    var offset = 12
    var previous: [UInt8] = []
    for _ in 0..<index.count {
      guard let parsed = index.entry(at: offset, previous: previous) else { return nil }
      defer {
        previous = parsed.path
        offset = parsed.end
      }
      guard prefixes.contains(where: { Self.path(parsed.path, isAtOrBelow: $0) }) else {
        continue
      }
      // Assume-valid, or version 3's skip-worktree and intent-to-add: git does not compare
      // such files as it compares others.
      let assumeValid = bytes[offset + 60] & 0x80 != 0
      let extended = parsed.fixed == 64 ? bytes[offset + 62] & 0x60 : 0
      let mode = IndexSplice.read32(bytes, offset + 24)
      guard parsed.stage == 0, !assumeValid, extended == 0,
        mode == 0o100644 || mode == 0o100755
      else { return nil }
      // A name that is not UTF-8 could not be reported as the text it is.
      guard String(validating: parsed.path, as: UTF8.self) != nil else { return nil }
      entries.append(
        Entry(
          path: parsed.path, slash: parsed.path.lastIndex(of: UInt8(ascii: "/")) ?? -1,
          stamp: Stamp(
            changedSeconds: IndexSplice.read32(bytes, offset),
            changedNanoseconds: IndexSplice.read32(bytes, offset + 4),
            modifiedSeconds: IndexSplice.read32(bytes, offset + 8),
            modifiedNanoseconds: IndexSplice.read32(bytes, offset + 12),
            inode: IndexSplice.read32(bytes, offset + 20),
            uid: IndexSplice.read32(bytes, offset + 28),
            gid: IndexSplice.read32(bytes, offset + 32),
            size: IndexSplice.read32(bytes, offset + 36)),
          id: ObjectID(bytes: bytes[(offset + 40)..<(offset + 60)]),
          executable: mode == 0o100755))
    }
    guard let trees = IndexExtensions.cacheTree(bytes[offset..<(bytes.count - 20)]) else {
      return nil
    }
    self.trees = trees
  }

  /// True when `path` is `prefix` or a path below the folder `prefix`.
  package static func path(_ path: [UInt8], isAtOrBelow prefix: [UInt8]) -> Bool {
    path.count >= prefix.count && path.starts(with: prefix)
      && (path.count == prefix.count || path[prefix.count] == UInt8(ascii: "/"))
  }
}
