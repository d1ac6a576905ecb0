internal import CLibGit2

extension Repository {
  /// The object `name` ("HEAD", "refs/heads/main") finally points at, following symbolic
  /// references and peeling annotated tags; nil when the reference or its target is missing.
  public func resolveReference(_ name: String) throws(GitError) -> ObjectID? {
    var reference: OpaquePointer?
    guard try checkFound(git_reference_lookup(&reference, pointer, name), "git_reference_lookup"),
      let reference
    else { return nil }
    return try Handle(reference, free: git_reference_free).withPointer {
      (reference) throws(GitError) -> ObjectID? in
      var object: OpaquePointer?
      // A symbolic reference to a branch with no commit yet (unborn HEAD) peels to nothing.
      guard
        try checkFound(
          git_reference_peel(&object, reference, GIT_OBJECT_ANY), "git_reference_peel"),
        let object
      else { return nil }
      return Handle(object, free: git_object_free).withPointer { ObjectID(git_object_id($0)) }
    }
  }

  /// Moves `name` to `target` only if it still points at `expected` (compare-and-swap).
  ///
  /// `expected` nil means the reference must not exist yet. Throws GitError with code
  /// .modified (or .exists) when it moved; a reference deleted meanwhile counts as moved.
  /// `name` is a full reference name such as `refs/heads/main`; libgit2 holds the reference's
  /// lock file while comparing, so a concurrent `git` cannot slip in between. The reflog of
  /// the reference (and of HEAD when HEAD names it) records `logMessage`.
  public func updateReference(
    _ name: String, to target: ObjectID, expected: ObjectID?, logMessage: String
  ) throws(GitError) {
    if Durability.fsyncsEachWrite { try reopenReferenceDatabase() }
    var oid = target.oid
    var out: OpaquePointer?
    guard let expected else {
      try check(
        git_reference_create(&out, pointer, name, &oid, 0, logMessage), "git_reference_create")
      _ = out.map { Handle($0, free: git_reference_free) }
      return
    }
    var expectedOID = expected.oid
    let result = git_reference_create_matching(
      &out, pointer, name, &oid, 1, &expectedOID, logMessage)
    guard try checkFound(result, "git_reference_create_matching") else {
      // The reference was deleted since the caller read it: that is a move too.
      throw GitError(
        code: .modified, klass: Int32(GIT_ERROR_REFERENCE.rawValue),
        message: "reference '\(name)' no longer exists; read it again and retry",
        function: "git_reference_create_matching")
    }
    _ = out.map { Handle($0, free: git_reference_free) }
  }

  /// Gives the repository a fresh reference database.
  ///
  /// libgit2 decides whether its reference database fsyncs a ref (the lock file before its
  /// rename, then the folder) when the database is made, at the repository's first read of a
  /// ref: a command that read refs before it turned durability on (a sync reads them all)
  /// would move its branch with no fsync. A fresh one reads the setting now.
  private func reopenReferenceDatabase() throws(GitError) {
    var database: OpaquePointer?
    try check(git_refdb_open(&database, pointer), "git_refdb_open")
    guard let database else { return }
    defer { git_refdb_free(database) }
    try check(git_repository_set_refdb(pointer, database), "git_repository_set_refdb")
  }
}
