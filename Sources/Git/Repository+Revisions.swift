internal import CLibGit2

extension Repository {
  /// The commit a revision names (`HEAD~2`, `main`, an abbreviated id), as `git rev-parse`
  /// reads it; nil when nothing matches.
  public func resolveRevision(_ revision: String) throws(GitError) -> ObjectID? {
    var object: OpaquePointer?
    guard try checkFound(git_revparse_single(&object, pointer, revision), "git_revparse_single"),
      let object
    else { return nil }
    return try Handle(object, free: git_object_free).withPointer {
      (object) throws(GitError) -> ObjectID? in
      var commit: OpaquePointer?
      try check(git_object_peel(&commit, object, GIT_OBJECT_COMMIT), "git_object_peel")
      guard let commit else { return nil }
      return Handle(commit, free: git_object_free).withPointer { ObjectID(git_object_id($0)) }
    }
  }
}

extension Repository {
  /// Removes the files of an operation in progress (`MERGE_HEAD`, `MERGE_MSG`…), as
  /// `git merge --continue` does once the merge commit is made.
  public func cleanupState() throws(GitError) {
    _ = try check(git_repository_state_cleanup(pointer), "git_repository_state_cleanup")
  }
}
