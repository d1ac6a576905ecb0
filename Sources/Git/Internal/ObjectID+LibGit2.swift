internal import CLibGit2

extension ObjectID {
  /// Copies a libgit2 id out into a value.
  init(_ oid: git_oid) {
    var oid = oid
    self = withUnsafeBytes(of: &oid.id) { ObjectID(bytes: $0) }
  }

  /// Copies the id pointed to by a libgit2 accessor; nil when it returns NULL.
  init?(_ pointer: UnsafePointer<git_oid>?) {
    guard let pointer else { return nil }
    self.init(pointer.pointee)
  }

  /// The id as libgit2's struct, for passing to C.
  var oid: git_oid {
    var oid = git_oid()
    let bytes = self.bytes
    withUnsafeMutableBytes(of: &oid.id) { buffer in
      buffer.copyBytes(from: bytes)
    }
    return oid
  }
}
