internal import CLibGit2

extension Repository {
  /// Like `tree(applying:to:)`, but every new tree goes into `pack`, not loose objects.
  ///
  /// An import of 100,000 bookmarks writes some 20,000 trees, which would otherwise be as
  /// many small files. Unchanged folders keep their ids and are not read.
  public func tree(
    applying changes: [String: TreeChange], to tree: ObjectID?, into pack: PackWriter
  ) throws(GitError) -> ObjectID {
    let edit = try TreeEdit(paths: changes)
    if edit.isEmpty, let tree { return tree }
    if let id = try packedBuild(edit, base: tree, pack: pack) { return id }
    return try pack.write([], as: .tree)
  }

  private func packedBuild(_ edit: TreeEdit, base: ObjectID?, pack: PackWriter) throws(GitError)
    -> ObjectID?
  {
    var entries: [String: (mode: UInt32, id: ObjectID)] = [:]
    if let base {
      for entry in try treeEntries(base) { entries[entry.name] = (entry.mode, entry.id) }
    }
    for (name, change) in edit.changes {
      switch change {
      case .upsert(let id, let kind): entries[name] = (kind.mode, id)
      case .remove: entries[name] = nil
      }
    }
    for (name, folderEdit) in edit.folders {
      let current = entries[name]
      let currentTree = current?.mode == EntryKind.tree.mode ? current?.id : nil
      if let id = try packedBuild(folderEdit, base: currentTree, pack: pack) {
        entries[name] = (EntryKind.tree.mode, id)
      } else if currentTree != nil {
        entries[name] = nil
      }
    }
    guard !entries.isEmpty else { return nil }
    // Git's order: names compared as bytes, a folder's name as if it ended in "/".
    let ordered = entries.map { (key: Array($0.key.utf8), name: $0.key, value: $0.value) }
      .map { item in
        (sortKey: item.value.mode == EntryKind.tree.mode ? item.key + [0x2F] : item.key, item)
      }
      .sorted { $0.sortKey.lexicographicallyPrecedes($1.sortKey) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(ordered.count * 64)
    for (_, item) in ordered {
      bytes.append(contentsOf: String(item.value.mode, radix: 8).utf8)
      bytes.append(0x20)
      bytes.append(contentsOf: item.key)
      bytes.append(0)
      bytes.append(contentsOf: item.value.id.bytes)
    }
    return try pack.write(bytes, as: .tree)
  }
}
