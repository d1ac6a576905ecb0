internal import CLibGit2

/// Taking back what a reflog says about a move that did not happen.
extension Repository {
  /// Removes the entries of `reference`'s reflog, and of HEAD's, that record a move to `id`.
  ///
  /// libgit2 appends to the reflogs before it renames the reference's lock file into place;
  /// when that rename fails the reference never moved, but the entries stay, naming a commit
  /// that a command taking its change back may remove, and `git fsck` then fails on them.
  public func removeReflogEntries(of reference: String, movingTo id: ObjectID) throws(GitError) {
    for name in [reference, "HEAD"] {
      var reflog: OpaquePointer?
      try check(git_reflog_read(&reflog, pointer, name), "git_reflog_read")
      guard let reflog else { continue }
      defer { git_reflog_free(reflog) }
      var target = id.oid
      var dropped = false
      // Index 0 is the newest entry; going from the oldest keeps the indexes ahead valid.
      var index = git_reflog_entrycount(reflog)
      while index > 0 {
        index -= 1
        guard let entry = git_reflog_entry_byindex(reflog, index),
          git_oid_equal(git_reflog_entry_id_new(entry), &target) != 0
        else { continue }
        try check(git_reflog_drop(reflog, index, 1), "git_reflog_drop")
        dropped = true
      }
      if dropped { try check(git_reflog_write(reflog), "git_reflog_write") }
    }
  }
}
