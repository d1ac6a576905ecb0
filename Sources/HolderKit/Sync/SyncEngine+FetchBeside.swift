import Git

/// A sync's first fetch, run on a thread of its own beside the hand-edit scan.
///
/// The fetch mostly waits on the remote and writes a pack, the scan stats every file of the
/// work tree, so on two cores the one hides the other. The fetch opens a repository of its
/// own: libgit2 shares nothing between two `git_repository`s, and it only writes the
/// remote-tracking reference and a pack, which the scan's commit never touches.
struct BranchFetch: Sendable {
  var remote: String
  /// The branch fetched, "refs/heads/main".
  var reference: String

  /// Where the fetched head lands: "refs/remotes/origin/main".
  var tracking: String {
    "refs/remotes/\(remote)/\(reference.dropFirst("refs/heads/".count))"
  }

  var refspecs: [String] { ["+\(reference):\(tracking)"] }
}

extension SyncEngine {
  /// The branch HEAD names, "refs/heads/main"; nil when HEAD is detached or has no commit.
  func branchReference() throws(StoreError) -> String? {
    guard case .branch(let reference, _) = try store.commitReader.head() else { return nil }
    return reference
  }

  /// Runs `work` here while `request` is fetched on another thread.
  ///
  /// Returns the fetch's result (nil without a request); always waits for the fetch to end,
  /// also when `work` throws.
  func whileFetching(
    _ request: BranchFetch?, credentials: [CredentialSource],
    _ work: () throws(StoreError) -> Void
  ) throws(StoreError) -> Result<CredentialUse, GitError>? {
    guard let request else {
      try work()
      return nil
    }
    let root = store.root
    return try ParallelPair.run(
      { () -> Result<CredentialUse, GitError>? in
        do throws(GitError) {
          return .success(
            try Repository.open(at: root).fetch(
              remote: request.remote, refspecs: request.refspecs, credentials: credentials))
        } catch {
          return .failure(error)
        }
      }, while: work)
  }
}
