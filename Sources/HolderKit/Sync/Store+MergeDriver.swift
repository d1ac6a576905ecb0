import Git

extension Store {
  /// Registers holder-git as the git merge driver of this repository and makes `git pull`
  /// merge rather than refuse (DESIGN §5), when that is not done yet.
  ///
  /// `executable` is the absolute path of the holder-git binary git should run.
  public func ensureMergeDriver(executable: String) throws(StoreError) {
    let command = "'\(executable)' merge-driver %O %A %B %P"
    // The lines as libgit2 wrote them last time: nothing to set, and libgit2 not started.
    if let plainGit,
      plainGit.configContains(
        "[merge \"holder-git\"]\n\tname = holder-git bookmark merge\n\tdriver = \(command)\n"),
      plainGit.configContains("[pull]\n\trebase = ")
    {
      return try ensureGitInfo()
    }
    do {
      if try repository.config("merge.holder-git.driver") != command {
        try repository.setConfig("merge.holder-git.name", to: "holder-git bookmark merge")
        try repository.setConfig("merge.holder-git.driver", to: command)
      }
      if try repository.config("pull.rebase") == nil {
        try repository.setConfig("pull.rebase", to: "false")
      }
    } catch {
      throw .git(error)
    }
    try ensureGitInfo()
  }

  /// True when git's config names a holder-git merge driver; asked without writing (and, in
  /// a plain `.git`, without libgit2).
  func hasMergeDriver() -> Bool {
    if let plainGit { return plainGit.configContains("[merge \"holder-git\"]") }
    return (try? repository.config("merge.holder-git.driver")) != nil
  }
}
