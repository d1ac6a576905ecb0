import Git

// Whether git's config names holder-git's merge driver, asked without writing (registering
// it is `Store.ensureMergeDriver`).

extension SyncEngine {
  /// True when git's config names a holder-git merge driver; asked without writing (and, in
  /// a plain `.git`, without libgit2).
  func hasMergeDriver() -> Bool {
    if let plainGit = store.plainGit { return plainGit.configContains("[merge \"holder-git\"]") }
    return (try? store.repository.config("merge.holder-git.driver")) != nil
  }
}
