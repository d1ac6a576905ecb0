/// What the index stages against HEAD, for `statusFromIndex`: folder by folder, skipping
/// each folder whose tree id the index's cache tree knows and HEAD has too.
extension Repository {
  /// The changes from HEAD's tree to the index below the folders `folders` and at the
  /// files `files`, by path.
  func stagedChanges(
    _ snapshot: IndexSnapshot, listing: IndexListing, folders: [[UInt8]], files: [[UInt8]]
  ) throws(GitError) -> [[UInt8]: StatusEntry.Change] {
    let headTree = try head().target.map { (id) throws(GitError) in try commit(id).tree }
    var changes: [[UInt8]: StatusEntry.Change] = [:]
    for folder in folders {
      let inHead = try headEntry(folder, in: headTree)
      try compare(
        folder, head: inHead?.kind == .tree ? inHead?.id : nil, snapshot, listing,
        into: &changes)
    }
    for file in files {
      let slash = file.lastIndex(of: UInt8(ascii: "/")) ?? -1
      let position = listing.files[PathKey(file[..<max(0, slash)])]?.first {
        snapshot.entries[$0].path == file
      }
      let inHead = try headEntry(file, in: headTree)
      if let change = Self.change(
        head: inHead?.kind == .tree ? nil : inHead, index: position.map { snapshot.entries[$0] })
      {
        changes[file] = change
      }
    }
    return changes
  }

  private func headEntry(_ path: [UInt8], in tree: ObjectID?) throws(GitError) -> TreeEntry? {
    guard let tree else { return nil }
    return try entry(atPath: String(decoding: path, as: UTF8.self), inTree: tree)
  }

  private func compare(
    _ folder: [UInt8], head: ObjectID?, _ snapshot: IndexSnapshot, _ listing: IndexListing,
    into changes: inout [[UInt8]: StatusEntry.Change]
  ) throws(GitError) {
    if let head, snapshot.trees[PathKey(folder)] == head { return }
    var headFiles: [PathKey: TreeEntry] = [:]
    var headFolders: [PathKey: ObjectID] = [:]
    for entry in try head.map({ (id) throws(GitError) in try treeEntries(id) }) ?? [] {
      if entry.kind == .tree {
        headFolders[PathKey(entry.name.utf8)] = entry.id
      } else {
        headFiles[PathKey(entry.name.utf8)] = entry
      }
    }
    var indexFiles: [PathKey: Int] = [:]
    for position in listing.files[PathKey(folder)] ?? [] {
      indexFiles[PathKey(snapshot.entries[position].name)] = position
    }
    for name in Set(headFiles.keys).union(indexFiles.keys) {
      if let change = Self.change(
        head: headFiles[name], index: indexFiles[name].map { snapshot.entries[$0] })
      {
        changes[IndexListing.path(folder, name.bytes)] = change
      }
    }
    for name in Set(headFolders.keys).union(listing.subfolders[PathKey(folder)] ?? []) {
      try compare(
        IndexListing.path(folder, name.bytes), head: headFolders[name], snapshot, listing,
        into: &changes)
    }
  }

  /// How the index's file differs from HEAD's; nil when it does not.
  private static func change(head: TreeEntry?, index: IndexSnapshot.Entry?) -> StatusEntry
    .Change?
  {
    switch (head, index) {
    case (nil, nil): nil
    case (nil, _): .added
    case (_, nil): .deleted
    case (let head?, let index?):
      head.id == index.id && head.mode == (index.executable ? 0o100755 : 0o100644)
        ? nil : .modified
    }
  }
}
