internal import CLibGit2

extension Repository {
  /// The ids of the commits reachable from `start`, in the order `walkCommits` visits them.
  ///
  /// Only the commit graph is read (no messages copied, no trees), so a cache can find which
  /// commits it lacks and where each one stands in the history.
  public func commitIDs(from start: ObjectID) throws(GitError) -> [ObjectID] {
    let walk = try RevisionWalk(repository: self, from: start)
    var ids: [ObjectID] = []
    while let id = try walk.next() {
      ids.append(id)
    }
    return ids
  }

  /// Calls `body` with each commit of `ids`, in that order, and the files below `prefix` it
  /// changed against its first parent (against the empty tree for a root commit).
  ///
  /// Made for walking thousands of commits of a large tree: entries are compared in
  /// libgit2's memory by id, and only those that differ are copied out; the trees read for
  /// one commit are kept for the next, whose new side is usually this one's old side.
  public func changedFiles(
    inCommits ids: [ObjectID], under prefix: String,
    _ body: (Commit, [TreeDelta]) throws -> Void
  ) throws {
    let reader = TreeReader(repository: self)
    for id in ids {
      let commit = try self.commit(id)
      let parentTree = try commit.parents.first.map { id throws(GitError) in
        try lookupCommit(id).withPointer { ObjectID(git_commit_tree_id($0)) }
      }
      var deltas: [TreeDelta] = []
      try reader.compare(
        try reader.subtree(prefix, of: parentTree ?? nil),
        try reader.subtree(prefix, of: commit.tree), path: prefix, into: &deltas)
      try body(commit, deltas)
      reader.nextCommit()
    }
  }
}

/// Reads trees for `changedFiles`, keeping those of the last two commits.
private final class TreeReader {
  let repository: Repository
  private var current: [ObjectID: Handle<OpaquePointer>] = [:]
  private var previous: [ObjectID: Handle<OpaquePointer>] = [:]

  init(repository: Repository) {
    self.repository = repository
  }

  func nextCommit() {
    previous = current
    current = [:]
  }

  func tree(_ id: ObjectID) throws(GitError) -> Handle<OpaquePointer> {
    if let handle = current[id] { return handle }
    var handle: Handle<OpaquePointer>
    if let kept = previous[id] {
      handle = kept
    } else {
      handle = try repository.lookupTree(id)
    }
    current[id] = handle
    return handle
  }

  /// The tree at `prefix` ("a/b"; "" for the root) below the root tree `root`.
  func subtree(_ prefix: String, of root: ObjectID?) throws(GitError) -> ObjectID? {
    guard var id = root else { return nil }
    for name in prefix.unicodeScalars.split(separator: "/").map({
      String(String.UnicodeScalarView($0))
    }) {
      let handle = try tree(id)
      let next = handle.withPointer { tree -> ObjectID? in
        guard let entry = git_tree_entry_byname(tree, String(name)),
          git_tree_entry_type(entry) == GIT_OBJECT_TREE
        else { return nil }
        return ObjectID(git_tree_entry_id(entry))
      }
      guard let next else { return nil }
      id = next
    }
    return id
  }

  /// Appends the non-tree entries that differ between two trees, by a merge of the two
  /// sorted entry lists (git keeps tree entries in `git_tree_entry_cmp` order).
  func compare(_ old: ObjectID?, _ new: ObjectID?, path: String, into deltas: inout [TreeDelta])
    throws(GitError)
  {
    if old == new { return }
    let oldHandle = try old.map { id throws(GitError) in try tree(id) }
    let newHandle = try new.map { id throws(GitError) in try tree(id) }
    // Both handles are also held by `current` until the next commit: the raw pointers read
    // here stay valid while the subtrees below are compared.
    var pairs: [(TreeEntry?, TreeEntry?)] = []
    withExtendedLifetime((oldHandle, newHandle)) {
      let oldTree = oldHandle?.withPointer { $0 }
      let newTree = newHandle?.withPointer { $0 }
      let oldCount = oldTree.map { git_tree_entrycount($0) } ?? 0
      let newCount = newTree.map { git_tree_entrycount($0) } ?? 0
      var oldIndex = 0
      var newIndex = 0
      while oldIndex < oldCount || newIndex < newCount {
        let oldEntry = oldIndex < oldCount ? git_tree_entry_byindex(oldTree, oldIndex) : nil
        let newEntry = newIndex < newCount ? git_tree_entry_byindex(newTree, newIndex) : nil
        guard let oldEntry else {
          if let newEntry { pairs.append((nil, TreeEntry(newEntry))) }
          newIndex += 1
          continue
        }
        guard let newEntry else {
          pairs.append((TreeEntry(oldEntry), nil))
          oldIndex += 1
          continue
        }
        let order = git_tree_entry_cmp(oldEntry, newEntry)
        if order < 0 {
          pairs.append((TreeEntry(oldEntry), nil))
          oldIndex += 1
        } else if order > 0 {
          pairs.append((nil, TreeEntry(newEntry)))
          newIndex += 1
        } else {
          if git_oid_equal(git_tree_entry_id(oldEntry), git_tree_entry_id(newEntry)) == 0
            || git_tree_entry_filemode_raw(oldEntry) != git_tree_entry_filemode_raw(newEntry)
          {
            pairs.append((TreeEntry(oldEntry), TreeEntry(newEntry)))
          }
          oldIndex += 1
          newIndex += 1
        }
      }
    }
    for (oldEntry, newEntry) in pairs {
      try TreeDelta.appendChanges(oldEntry, newEntry, path: path, into: &deltas) {
        (old, new, path, deltas) throws(GitError) in
        try compare(old, new, path: path, into: &deltas)
      }
    }
  }
}
