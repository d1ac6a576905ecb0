extension Repository {
  /// The non-tree entries that differ between the trees `old` and `new` below `prefix`.
  ///
  /// Subtrees with the same object id are skipped without being read, so the cost is what
  /// changed, not the size of the trees (a `git pull` of three bookmarks into a store of
  /// 100,000 reads a handful of small trees). A nil tree is empty.
  ///
  /// A comparison made before in this repository's life is not made again (`TreeDiffMemo`),
  /// nor one below a folder of two root trees already compared whole.
  public func changes(from old: ObjectID?, to new: ObjectID?, under prefix: String)
    throws(GitError) -> [TreeDelta]
  {
    if let known = treeDiffs.changes(from: old, to: new, under: prefix) { return known }
    let oldRoot = try subtree(prefix, of: old)
    let newRoot = try subtree(prefix, of: new)
    var deltas: [TreeDelta] = []
    try compare(oldRoot, newRoot, path: prefix, into: &deltas)
    treeDiffs.remember(deltas, from: old, to: new, under: prefix)
    return deltas
  }

  private func subtree(_ prefix: String, of tree: ObjectID?) throws(GitError) -> ObjectID? {
    guard let tree else { return nil }
    if prefix.isEmpty { return tree }
    guard let entry = try entry(atPath: prefix, inTree: tree), entry.kind == .tree else {
      return nil
    }
    return entry.id
  }

  private func compare(
    _ old: ObjectID?, _ new: ObjectID?, path: String, into deltas: inout [TreeDelta]
  ) throws(GitError) {
    if old == new { return }
    let oldEntries = try old.map { id throws(GitError) in try treeEntries(id) } ?? []
    let newEntries = try new.map { id throws(GitError) in try treeEntries(id) } ?? []
    var oldByName: [String: TreeEntry] = [:]
    for entry in oldEntries { oldByName[entry.name] = entry }
    var seen: Set<String> = []
    for entry in newEntries {
      seen.insert(entry.name)
      try compareEntry(oldByName[entry.name], entry, path: path, into: &deltas)
    }
    for entry in oldEntries where !seen.contains(entry.name) {
      try compareEntry(entry, nil, path: path, into: &deltas)
    }
  }

  private func compareEntry(
    _ old: TreeEntry?, _ new: TreeEntry?, path: String, into deltas: inout [TreeDelta]
  ) throws(GitError) {
    if let old, let new, old.id == new.id, old.mode == new.mode { return }
    try TreeDelta.appendChanges(old, new, path: path, into: &deltas) {
      (old, new, path, deltas) throws(GitError) in
      try compare(old, new, path: path, into: &deltas)
    }
  }
}
