internal import CLibGit2

extension TreeEntry {
  /// Copies a libgit2 tree entry (`const git_tree_entry *`) out into a value.
  init(_ entry: OpaquePointer) {
    let raw = git_tree_entry_filemode_raw(entry).rawValue
    // The normalised mode folds historic variants (100664) into the ones git writes today.
    let normalised = git_tree_entry_filemode(entry).rawValue
    let kind =
      EntryKind(mode: normalised)
      ?? (git_tree_entry_type(entry) == GIT_OBJECT_TREE ? .tree : .blob)
    self.init(
      name: String(cString: git_tree_entry_name(entry)),
      id: ObjectID(git_tree_entry_id(entry)) ?? ObjectID(git_oid()),
      kind: kind,
      mode: raw)
  }
}
