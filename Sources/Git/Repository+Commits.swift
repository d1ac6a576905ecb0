internal import CLibGit2

extension Repository {
  /// Writes a commit object and returns its id; no reference moves (see `updateReference`).
  ///
  /// The message is stored exactly as given: add the trailing newline git's own commits end
  /// with if you want `git cat-file` to look the same.
  public func createCommit(
    tree: ObjectID, parents: [ObjectID], author: Signature, committer: Signature,
    message: String
  ) throws(GitError) -> ObjectID {
    let treeHandle = try lookupTree(tree)
    var parentHandles: [Handle<OpaquePointer>] = []
    for parent in parents {
      parentHandles.append(try lookupCommit(parent))
    }
    let authorHandle = try author.makeLibGit2()
    let committerHandle = try committer.makeLibGit2()
    var oid = git_oid()
    // The handles own the objects; keep them all alive until git_commit_create has returned.
    try withExtendedLifetime((treeHandle, parentHandles, authorHandle, committerHandle)) {
      () throws(GitError) in
      var parentPointers: [OpaquePointer?] = parentHandles.map { $0.withPointer { $0 } }
      let result = treeHandle.withPointer { tree in
        authorHandle.withPointer { author in
          committerHandle.withPointer { committer in
            git_commit_create(
              &oid, pointer, nil, author, committer, nil, message, tree, parentPointers.count,
              &parentPointers)
          }
        }
      }
      try check(result, "git_commit_create")
    }
    return ObjectID(oid)
  }

  /// The commit `id`, copied out.
  public func commit(_ id: ObjectID) throws(GitError) -> Commit {
    try lookupCommit(id).withPointer { commit in
      var parents: [ObjectID] = []
      for index in 0..<git_commit_parentcount(commit) {
        if let parent = ObjectID(git_commit_parent_id(commit, index)) {
          parents.append(parent)
        }
      }
      return Commit(
        id: id,
        tree: ObjectID(git_commit_tree_id(commit)) ?? ObjectID(git_oid()),
        parents: parents,
        author: Signature(git_commit_author(commit)),
        committer: Signature(git_commit_committer(commit)),
        message: git_commit_message(commit).map { String(cString: $0) } ?? "")
    }
  }

  /// Calls `body` with each commit reachable from `start`, newest first, until it returns false.
  ///
  /// Follows every parent, so commits brought in by merges are visited too, in the order
  /// `git log --date-order` gives them: never a commit before its children, otherwise newest
  /// commit time first (branches interleave by time rather than being shown one after the
  /// other as `--topo-order` does).
  public func walkCommits(from start: ObjectID, _ body: (Commit) throws -> Bool) throws {
    let walk = try RevisionWalk(repository: self, from: start)
    while let id = try walk.next() {
      guard try body(commit(id)) else { return }
    }
  }

  /// True when `ancestor` is reachable from `commit` through parents; false when they are the
  /// same commit.
  public func isDescendant(_ commit: ObjectID, of ancestor: ObjectID) throws(GitError) -> Bool {
    var commitOID = commit.oid
    var ancestorOID = ancestor.oid
    let result = try check(
      git_graph_descendant_of(pointer, &commitOID, &ancestorOID), "git_graph_descendant_of")
    return result == 1
  }

  /// The best common ancestor of two commits, as `git merge-base` finds it; nil when their
  /// histories are unrelated.
  public func mergeBase(_ one: ObjectID, _ two: ObjectID) throws(GitError) -> ObjectID? {
    var base = git_oid()
    var oneOID = one.oid
    var twoOID = two.oid
    guard try checkFound(git_merge_base(&base, pointer, &oneOID, &twoOID), "git_merge_base")
    else { return nil }
    return ObjectID(base)
  }

  /// The commit `id`, owned by the returned handle.
  func lookupCommit(_ id: ObjectID) throws(GitError) -> Handle<OpaquePointer> {
    var oid = id.oid
    return try Handle.make("git_commit_lookup", free: git_commit_free) {
      git_commit_lookup(&$0, pointer, &oid)
    }
  }
}

extension Repository {
  /// How many commits `local` has that `upstream` lacks, and the other way round.
  public func aheadBehind(_ local: ObjectID, _ upstream: ObjectID) throws(GitError) -> (
    ahead: Int, behind: Int
  ) {
    var ahead = 0
    var behind = 0
    var localOID = local.oid
    var upstreamOID = upstream.oid
    _ = try check(
      git_graph_ahead_behind(&ahead, &behind, pointer, &localOID, &upstreamOID),
      "git_graph_ahead_behind")
    return (ahead, behind)
  }
}
