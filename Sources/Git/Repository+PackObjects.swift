internal import CLibGit2
import Glibc

/// Packing existing objects into one new pack with libgit2's packbuilder:
/// deltas between similar objects, the pack and its `.idx` fsynced with their folder before
/// the caller may remove any loose copy.
extension Repository {
  /// Writes one pack of `objects` into `objects/pack/` and makes it durable; returns the ids
  /// the written `.idx` lists (read back from the file, not taken on trust).
  ///
  /// A crash before the end leaves libgit2's `pack_git2_*` temporary, or an `.idx` whose
  /// pack never arrived, both ignored by git and removed as leftovers.
  public func writeDurablePack(of objects: [ObjectID]) throws(GitError) -> Set<ObjectID> {
    guard !objects.isEmpty else { return [] }
    let folder = objectsDirectory + "/pack"
    mkdir(folder, 0o755)
    let builder = try Handle.make("git_packbuilder_new", free: git_packbuilder_free) {
      git_packbuilder_new(&$0, pointer)
    }
    let name = try builder.withPointer { (builder) throws(GitError) -> String in
      // Deltas are searched on every core: a combination of many packs has many objects.
      git_packbuilder_set_threads(builder, 0)
      for id in objects {
        var oid = id.oid
        try check(git_packbuilder_insert(builder, &oid, nil), "git_packbuilder_insert")
      }
      // With fsync on, libgit2's indexer syncs the pack, the .idx and their folder.
      _ = try Durability.fsyncEachWrite { () throws(GitError) in
        try check(git_packbuilder_write(builder, folder, 0, nil, nil), "git_packbuilder_write")
      }
      guard let name = git_packbuilder_name(builder) else {
        throw GitError.invalid("libgit2 named no pack", "git_packbuilder_name")
      }
      return String(cString: name)
    }
    let base = folder + "/pack-" + name
    // Synced again here: the removal of loose copies depends on it, whatever libgit2 did.
    for path in [base + ".pack", base + ".idx", folder] {
      guard Self.sync(path) else {
        throw GitError.invalid(
          "cannot sync '\(path)' to disk: \(String(cString: strerror(errno))); no loose object "
            + "was removed, check the disk and run the command again", "fsync")
      }
    }
    try refreshObjects()
    return try Self.idsListed(inIndex: base + ".idx")
  }

  private static func sync(_ path: String) -> Bool {
    let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return fsync(fd) == 0
  }

  /// The object ids a version-2 pack index lists (`gitformat-pack`: magic, version, 256
  /// fan-out counts, then the sorted ids).
  static func idsListed(inIndex path: String) throws(GitError) -> Set<ObjectID> {
    let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw unreadable(path) }
    defer { close(fd) }
    var header = [UInt8](repeating: 0, count: 8 + 1024)
    let read = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
    guard read == header.count, header[0..<8] == [0xFF, 0x74, 0x4F, 0x63, 0, 0, 0, 2] else {
      throw unreadable(path)
    }
    let count = header[(8 + 1020)..<(8 + 1024)].reduce(0) { $0 << 8 | Int($1) }
    var ids = [UInt8](repeating: 0, count: count * 20)
    let got = ids.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 8 + 1024) }
    guard got == ids.count else { throw unreadable(path) }
    var listed = Set<ObjectID>(minimumCapacity: count)
    for start in stride(from: 0, to: ids.count, by: 20) {
      listed.insert(ObjectID(bytes: ids[start..<(start + 20)]))
    }
    return listed
  }

  private static func unreadable(_ path: String) -> GitError {
    GitError.invalid(
      "the new pack index '\(path)' cannot be read back; no loose object was removed", "pack")
  }
}
