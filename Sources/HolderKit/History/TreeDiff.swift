import Git

/// The files that differ between two trees under one folder, found by comparing object ids.
///
/// Sub-trees with the same id are skipped whole, so a commit that changed
/// one bookmark costs a few tree reads whatever the size of the store.
struct TreeDiff {
  /// One file whose blob differs: nil on the side where it is absent.
  struct Entry: Hashable {
    var path: String
    var old: ObjectID?
    var new: ObjectID?
  }

  let repository: Repository

  /// The differing files below `folder` ("bookmarks"; "" for all) between two root trees.
  func files(under folder: String, from old: ObjectID?, to new: ObjectID?) throws(GitError)
    -> [Entry]
  {
    var result: [Entry] = []
    if folder.isEmpty {
      try compare("", old: old, new: new, into: &result)
      return result
    }
    let oldFolder = try old.flatMap { tree throws(GitError) in
      try repository.entry(atPath: folder, inTree: tree)
    }
    let newFolder = try new.flatMap { tree throws(GitError) in
      try repository.entry(atPath: folder, inTree: tree)
    }
    try compare(
      folder, old: oldFolder?.kind == .tree ? oldFolder?.id : nil,
      new: newFolder?.kind == .tree ? newFolder?.id : nil, into: &result)
    return result
  }

  private func compare(_ path: String, old: ObjectID?, new: ObjectID?, into result: inout [Entry])
    throws(GitError)
  {
    if old == new { return }
    let oldEntries = try old.map { tree throws(GitError) in try repository.treeEntries(tree) } ?? []
    let newEntries = try new.map { tree throws(GitError) in try repository.treeEntries(tree) } ?? []
    let before = Dictionary(oldEntries.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    let after = Dictionary(newEntries.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    for name in Set(before.keys).union(after.keys).sorted() {
      let a = before[name]
      let b = after[name]
      if a?.id == b?.id && a?.kind == b?.kind { continue }
      let child = path.isEmpty ? name : path + "/" + name
      let aTree = a?.kind == .tree ? a?.id : nil
      let bTree = b?.kind == .tree ? b?.id : nil
      if aTree != nil || bTree != nil {
        try compare(child, old: aTree, new: bTree, into: &result)
      }
      let aFile = a?.kind == .tree ? nil : a?.id
      let bFile = b?.kind == .tree ? nil : b?.id
      if aFile != bFile { result.append(Entry(path: child, old: aFile, new: bFile)) }
    }
  }
}
