internal import CLibGit2

/// The branches a fetch brought in, and making one of them the branch HEAD names: what a clone
/// of a remote whose HEAD names a branch never pushed needs to finish.
extension Repository {
  /// The names of `remote`'s remote-tracking branches (`main` for `refs/remotes/origin/main`),
  /// sorted, its `HEAD` left out.
  public func remoteBranchNames(of remote: String) throws(GitError) -> [String] {
    let prefix = "refs/remotes/\(remote)/"
    var iterator: OpaquePointer?
    _ = try check(
      git_reference_iterator_glob_new(&iterator, pointer, prefix + "*"),
      "git_reference_iterator_glob_new")
    defer { git_reference_iterator_free(iterator) }
    var names: [String] = []
    var name: UnsafePointer<CChar>?
    while true {
      let result = git_reference_next_name(&name, iterator)
      if result == GIT_ITEROVER.rawValue { break }
      _ = try check(result, "git_reference_next_name")
      guard let name else { continue }
      let branch = String(String(cString: name).dropFirst(prefix.count))
      if branch != "HEAD" { names.append(branch) }
    }
    return names.sorted()
  }

  /// Makes HEAD name `reference` (`refs/heads/main`), which need not exist yet.
  public func pointHead(at reference: String) throws(GitError) {
    _ = try check(git_repository_set_head(pointer, reference), "git_repository_set_head")
  }
}
