internal import CLibGit2

extension Repository {
  /// New tree = `tree` (nil: empty) with each path ("a/b/c.json") upserted or removed.
  ///
  /// ### Algorithm
  /// The paths are grouped by folder. Each touched folder is rebuilt with one
  /// `git_treebuilder` seeded from its old tree, deepest folders first, and its new id is
  /// written into the parent; folders no change reaches keep their ids untouched. A folder
  /// left with no entries is removed from its parent, so removing a bookmark also removes
  /// its emptied host folder. When a path is both replaced and edited below (`a` removed,
  /// `a/b` upserted), the direct change applies first and the edits below build on it.
  /// Returns the new root tree id (the empty tree when nothing is left).
  public func tree(applying changes: [String: TreeChange], to tree: ObjectID?) throws(GitError)
    -> ObjectID
  {
    let edit = try TreeEdit(paths: changes)
    if edit.isEmpty, let tree {
      return tree
    }
    if let id = try build(edit, base: tree) {
      return id
    }
    return try writeEmptyTree()
  }

  /// Rebuilds one folder; nil when the folder ends up empty.
  private func build(_ edit: TreeEdit, base: ObjectID?) throws(GitError) -> ObjectID? {
    let baseTree = try base.map { (id) throws(GitError) in try lookupTree(id) }
    let builder = try Handle.make("git_treebuilder_new", free: git_treebuilder_free) { out in
      guard let baseTree else { return git_treebuilder_new(&out, pointer, nil) }
      return baseTree.withPointer { git_treebuilder_new(&out, pointer, $0) }
    }
    return try builder.withPointer { (builder) throws(GitError) -> ObjectID? in
      for (name, change) in edit.changes {
        switch change {
        case .upsert(let id, let kind):
          try insert(id, mode: kind.mode, named: name, into: builder)
        case .remove:
          try remove(name, from: builder)
        }
      }
      for (name, folderEdit) in edit.folders {
        let current = git_treebuilder_get(builder, name).map(TreeEntry.init)
        let currentTree = current?.kind == .tree ? current?.id : nil
        if let id = try build(folderEdit, base: currentTree) {
          try insert(id, mode: EntryKind.tree.mode, named: name, into: builder)
        } else if currentTree != nil {
          try remove(name, from: builder)
        }
      }
      guard git_treebuilder_entrycount(builder) > 0 else { return nil }
      var oid = git_oid()
      try check(git_treebuilder_write(&oid, builder), "git_treebuilder_write")
      return ObjectID(oid)
    }
  }

  private func insert(
    _ id: ObjectID, mode: UInt32, named name: String, into builder: OpaquePointer
  ) throws(GitError) {
    var oid = id.oid
    try check(
      git_treebuilder_insert(nil, builder, name, &oid, git_filemode_t(rawValue: mode)),
      "git_treebuilder_insert")
  }

  private func remove(_ name: String, from builder: OpaquePointer) throws(GitError) {
    // Removing an absent name is an error in libgit2 but a no-op for callers here.
    guard git_treebuilder_get(builder, name) != nil else { return }
    try check(git_treebuilder_remove(builder, name), "git_treebuilder_remove")
  }

  private func writeEmptyTree() throws(GitError) -> ObjectID {
    let builder = try Handle.make("git_treebuilder_new", free: git_treebuilder_free) {
      git_treebuilder_new(&$0, pointer, nil)
    }
    return try builder.withPointer { (builder) throws(GitError) -> ObjectID in
      var oid = git_oid()
      try check(git_treebuilder_write(&oid, builder), "git_treebuilder_write")
      return ObjectID(oid)
    }
  }
}
