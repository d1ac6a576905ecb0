extension TreeDelta {
  /// Records what changed between `old` and `new`, two differing entries of one name below
  /// `path` (either may be nil): the trees below them through `compareTrees` first, then the
  /// non-tree sides as one delta.
  ///
  /// The one rule for both tree comparisons (`changes(from:to:under:)`, `changedFiles`), so a
  /// name that turned from a file into a folder is reported the same way by each: the files
  /// now in the folder, then the file that went.
  static func appendChanges(
    _ old: TreeEntry?, _ new: TreeEntry?, path: String, into deltas: inout [TreeDelta],
    compareTrees: (ObjectID?, ObjectID?, String, inout [TreeDelta]) throws(GitError) -> Void
  ) throws(GitError) {
    let name = new?.name ?? old?.name ?? ""
    let childPath = path.isEmpty ? name : path + "/" + name
    let oldTree = old?.kind == .tree ? old : nil
    let newTree = new?.kind == .tree ? new : nil
    if oldTree != nil || newTree != nil {
      try compareTrees(oldTree?.id, newTree?.id, childPath, &deltas)
    }
    let oldLeaf = old?.kind == .tree ? nil : old
    let newLeaf = new?.kind == .tree ? nil : new
    if oldLeaf != nil || newLeaf != nil {
      deltas.append(TreeDelta(path: childPath, old: oldLeaf, new: newLeaf))
    }
  }
}
