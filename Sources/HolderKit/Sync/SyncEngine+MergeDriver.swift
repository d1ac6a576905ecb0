import Git

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

// holder-git's merge driver in git's config: registered, and asked about without writing.

extension SyncEngine {
  /// True when git's config names a holder-git merge driver; asked without writing (and, in
  /// a plain `.git`, without libgit2).
  func hasMergeDriver() -> Bool {
    if let plainGit = store.plainGit { return plainGit.configContains("[merge \"holder-git\"]") }
    return (try? store.repository.config("merge.holder-git.driver")) != nil
  }

  /// See `Store.ensureMergeDriver`.
  func ensureMergeDriver(executable: String) throws(StoreError) {
    let command = "'\(executable)' merge-driver %O %A %B %P"
    // The lines as libgit2 wrote them last time: nothing to set, and libgit2 not started.
    if let plainGit = store.plainGit,
      plainGit.configContains(
        "[merge \"holder-git\"]\n\tname = holder-git bookmark merge\n\tdriver = \(command)\n"),
      plainGit.configContains("[pull]\n\trebase = ")
    {
      return try ensureGitInfo()
    }
    do {
      if try store.repository.config("merge.holder-git.driver") != command {
        try store.repository.setConfig("merge.holder-git.name", to: "holder-git bookmark merge")
        try store.repository.setConfig("merge.holder-git.driver", to: command)
      }
      if try store.repository.config("pull.rebase") == nil {
        try store.repository.setConfig("pull.rebase", to: "false")
      }
    } catch {
      throw .git(error)
    }
    try ensureGitInfo()
  }
}
