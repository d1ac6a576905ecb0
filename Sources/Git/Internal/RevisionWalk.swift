internal import CLibGit2

/// The commits reachable from one start, newest first, in `git log --date-order`'s order: the
/// one driver of libgit2's revwalk, behind `walkCommits` and `commitIDs`.
struct RevisionWalk {
  /// Kept so that the repository the walk reads cannot be freed before the walk.
  private let repository: Repository
  private let walk: Handle<OpaquePointer>

  /// A walk from `start` that follows every parent, stopping at the commits `hiding` reaches.
  init(repository: Repository, from start: ObjectID, hiding: [ObjectID] = []) throws(GitError) {
    self.repository = repository
    walk = try Handle.make("git_revwalk_new", free: git_revwalk_free) {
      git_revwalk_new(&$0, repository.pointer)
    }
    try walk.withPointer { (walk) throws(GitError) in
      try check(
        git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_TIME.rawValue),
        "git_revwalk_sorting")
      var oid = start.oid
      try check(git_revwalk_push(walk, &oid), "git_revwalk_push")
      for hidden in hiding {
        var hiddenOID = hidden.oid
        try check(git_revwalk_hide(walk, &hiddenOID), "git_revwalk_hide")
      }
    }
  }

  /// The next commit's id; nil once every reachable commit was visited.
  func next() throws(GitError) -> ObjectID? {
    try walk.withPointer { (walk) throws(GitError) -> ObjectID? in
      var oid = git_oid()
      guard
        try checkFound(
          git_revwalk_next(&oid, walk), "git_revwalk_next", missing: [GIT_ITEROVER.rawValue])
      else { return nil }
      return ObjectID(oid)
    }
  }
}
