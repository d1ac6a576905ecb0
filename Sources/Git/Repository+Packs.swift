internal import CLibGit2
import Glibc

/// The packs in `objects/pack/`: which ones a consolidation may combine,
/// as `git gc --auto` counts them against `gc.autoPackLimit`, and removing one whose objects
/// a newer durable pack holds.
///
/// Plain file-system reads: libgit2 lists no packs.
extension Repository {
  /// One pack in `objects/pack/`: `pack-HASH.pack` with its `.idx`.
  public struct PackFile: Sendable, Equatable {
    /// The path without its extension: `…/objects/pack/pack-HASH`.
    public let base: String
    /// The `.pack` file's size in bytes.
    public let size: Int

    /// The object ids its `.idx` lists.
    public func objectIDs() throws(GitError) -> Set<ObjectID> {
      try Repository.idsListed(inIndex: base + ".idx")
    }
  }

  /// The packs git's `gc --auto` would count and repack: each `.pack` with its `.idx`,
  /// without a `.keep` (kept on purpose, by a person or a running `git`) or a `.promisor`
  /// (a partial clone's, which git repacks on its own terms).
  public func repackablePacks() -> [PackFile] {
    let folder = objectsDirectory + "/pack"
    let names = Set(Self.names(inFolder: folder))
    var packs: [PackFile] = []
    for name in names where name.hasPrefix("pack-") && name.hasSuffix(".pack") {
      let stem = String(name.dropLast(".pack".count))
      guard names.contains(stem + ".idx"), !names.contains(stem + ".keep"),
        !names.contains(stem + ".promisor")
      else { continue }
      var info = stat()
      guard lstat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
        continue
      }
      packs.append(PackFile(base: folder + "/" + stem, size: Int(info.st_size)))
    }
    return packs.sorted { $0.base < $1.base }
  }

  /// Every pack in `objects/pack/`, as paths without the `.pack`.
  func packNames() -> Set<String> {
    let folder = objectsDirectory + "/pack"
    return Set(
      Self.names(inFolder: folder).filter { $0.hasPrefix("pack-") && $0.hasSuffix(".pack") }
        .map { folder + "/" + $0.dropLast(".pack".count) })
  }

  /// True when libgit2 can read an object out of the pack `base` through its index alone: it
  /// opens the pack only when its trailer matches what the index says of it.
  func isUsablePack(_ base: String) -> Bool {
    guard let first = try? Self.idsListed(inIndex: base + ".idx").first else { return false }
    var odb: OpaquePointer?
    guard git_odb_new(&odb) == 0, let odb else { return false }
    defer { git_odb_free(odb) }
    var backend: OpaquePointer?
    // The database owns the backend once it is added (and adding fails only out of memory).
    guard git_odb_backend_one_pack(&backend, base + ".idx") == 0, let backend,
      git_odb_add_backend(odb, backend, 1) == 0
    else { return false }
    var oid = first.oid
    var size = 0
    var type = GIT_OBJECT_ANY
    return git_odb_read_header(&size, &type, odb, &oid) == 0
  }

  /// Removes `pack`, whose every object another durable pack holds: the `.pack` first, so a
  /// crash between the two leaves an `.idx` without its pack, which git and libgit2 ignore
  /// and the next holder-git removes, never an index whose pack is half gone.
  public func removePack(_ pack: PackFile) {
    for suffix in [".pack", ".idx", ".rev", ".bitmap", ".mtimes"] {
      unlink(pack.base + suffix)
    }
  }
}
