internal import CLibGit2

extension Repository {
  /// Stores `bytes` as a blob, unchanged (no filters, no line-ending conversion).
  public func writeBlob(_ bytes: [UInt8]) throws(GitError) -> ObjectID {
    var oid = git_oid()
    let result = bytes.withUnsafeBytes { buffer in
      git_blob_create_from_buffer(&oid, pointer, buffer.baseAddress, buffer.count)
    }
    try check(result, "git_blob_create_from_buffer")
    return ObjectID(oid)
  }

  /// The exact bytes of the blob `id`.
  public func blob(_ id: ObjectID) throws(GitError) -> [UInt8] {
    var oid = id.oid
    let blob = try Handle.make("git_blob_lookup", free: git_blob_free) {
      git_blob_lookup(&$0, pointer, &oid)
    }
    return blob.withPointer { blob in
      let size = Int(git_blob_rawsize(blob))
      guard size > 0, let content = git_blob_rawcontent(blob) else { return [] }
      return Array(UnsafeRawBufferPointer(start: content, count: size))
    }
  }

  /// The size in bytes of the object `id`, read from its header without reading the object
  /// (a 50 MB blob from a remote is measured, not loaded).
  public func objectSize(_ id: ObjectID) throws(GitError) -> Int {
    var odb: OpaquePointer?
    try check(git_repository_odb(&odb, pointer), "git_repository_odb")
    defer { git_odb_free(odb) }
    var oid = id.oid
    var size = 0
    var type = GIT_OBJECT_ANY
    try check(git_odb_read_header(&size, &type, odb, &oid), "git_odb_read_header")
    return size
  }

  /// The entries of the tree `tree`, in git's order.
  public func treeEntries(_ tree: ObjectID) throws(GitError) -> [TreeEntry] {
    try lookupTree(tree).withPointer { tree in
      let count = git_tree_entrycount(tree)
      var entries: [TreeEntry] = []
      entries.reserveCapacity(count)
      for index in 0..<count {
        if let entry = git_tree_entry_byindex(tree, index) {
          entries.append(TreeEntry(entry))
        }
      }
      return entries
    }
  }

  /// The entry at `path` ("a/b/c.json") below the tree `tree`; nil when nothing is there.
  public func entry(atPath path: String, inTree tree: ObjectID) throws(GitError) -> TreeEntry? {
    try lookupTree(tree).withPointer { (tree) throws(GitError) -> TreeEntry? in
      var out: OpaquePointer?
      guard try checkFound(git_tree_entry_bypath(&out, tree, path), "git_tree_entry_bypath"),
        let out
      else { return nil }
      // The entry from bypath is a copy the caller owns, unlike those from byindex.
      return Handle(out, free: git_tree_entry_free).withPointer { TreeEntry($0) }
    }
  }

  /// The tree `id`, owned by the returned handle.
  func lookupTree(_ id: ObjectID) throws(GitError) -> Handle<OpaquePointer> {
    var oid = id.oid
    return try Handle.make("git_tree_lookup", free: git_tree_free) {
      git_tree_lookup(&$0, pointer, &oid)
    }
  }
}
