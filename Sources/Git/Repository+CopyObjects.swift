internal import CLibGit2
import Glibc

/// Copying objects from one repository into a new pack of another on this machine, for a
/// push or fetch that reads and writes both directly.
///
/// Through `PackWriter`: each object inflated once here and deflated once there, its id
/// computed again from its bytes (a damaged object stops the copy), no delta search, which
/// libgit2's packbuilder spent most of a transfer of a thousand files on.
extension Repository {
  /// Writes `ids` (commits, trees and blobs of this repository) into one new pack of
  /// `destination`, synced to disk with its index and their folder before this returns.
  func copyObjects(_ ids: [ObjectID], into destination: Repository) throws(GitError) {
    guard !ids.isEmpty else { return }
    let odb = try Handle.make("git_repository_odb", free: git_odb_free) {
      git_repository_odb(&$0, pointer)
    }
    let writer = try PackWriter(repository: destination)
    var finished = false
    defer { if !finished { writer.discard() } }
    for id in ids {
      var oid = id.oid
      let object = try odb.withPointer { (odb) throws(GitError) -> Handle<OpaquePointer> in
        try Handle.make("git_odb_read", free: git_odb_object_free) { git_odb_read(&$0, odb, &oid) }
      }
      let (bytes, kind) = try object.withPointer {
        (object) throws(GitError) -> ([UInt8], ObjectKind) in
        let kind: ObjectKind
        switch git_odb_object_type(object) {
        case GIT_OBJECT_COMMIT: kind = .commit
        case GIT_OBJECT_TREE: kind = .tree
        case GIT_OBJECT_BLOB: kind = .blob
        default: throw GitError.invalid("object \(id.hex) is not a commit, tree or blob", "copy")
        }
        let size = Int(git_odb_object_size(object))
        guard size > 0, let data = git_odb_object_data(object) else { return ([], kind) }
        return (Array(UnsafeRawBufferPointer(start: data, count: size)), kind)
      }
      guard try writer.write(bytes, as: kind) == id else {
        throw GitError.invalid(
          "object \(id.hex) in '\(gitDirectory)' does not hash to its name; nothing was copied",
          "copy")
      }
    }
    try writer.finish()
    try writer.syncToDisk()
    finished = true
  }
}
