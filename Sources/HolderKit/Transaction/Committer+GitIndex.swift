import Git

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// git's index after a commit: only the paths the commit changed, retried while another git
/// process (a `git status` in the user's prompt) holds `index.lock`, or written through the
/// `index.lock` the commit took before its branch moved.
extension Committer {
  /// Takes git's `index.lock`, waiting while another git process holds it, for at most 10 s.
  func lockGitIndex() throws(StoreError) -> IndexLock {
    var lock: IndexLock?
    try whileIndexLocked { () throws(GitError) in lock = try store.repository.lockIndex() }
    guard let lock else { throw .write(.indexLocked(path: store.gitDirectory + "/index.lock")) }
    return lock
  }

  /// Brings git's index to the commit: through `lock` when the caller holds `index.lock`.
  func updateIndex(_ update: CommitRequest.IndexUpdate, through lock: IndexLock? = nil)
    throws(StoreError)
  {
    switch update {
    case .nothing:
      return
    case .workTree(let change):
      // The change is spliced into the index file: libgit2 would read and write
      // all of its entries (most of an `add`'s time in a large store) and hash every written
      // file again (a fifth of a merging sync's commit at 100k).
      if change.writes.count + change.removals.count <= Self.largestSplice {
        let writes = change.writes.map { ($0.key, PackWriter.objectID(of: $0.value, kind: .blob)) }
        var spliced = false
        try whileIndexLocked { () throws(GitError) in
          spliced = try store.repository.spliceIndex(
            writes: writes, removals: Array(change.removals), durable: true, through: lock)
        }
        if spliced { return }
      }
      let updates =
        change.writes.keys.sorted().map { IndexUpdate.addFromWorkTree(path: $0) }
        + change.removals.sorted().map { IndexUpdate.remove(path: $0) }
      try whileIndexLocked { () throws(GitError) in
        try store.repository.updateIndex(updates, through: lock)
      }
    case .knownBlobs(let files):
      try whileIndexLocked { () throws(GitError) in
        try store.repository.stageWrittenFiles(files, through: lock)
      }
    }
  }

  /// The most paths a change splices into the index; libgit2 stages more, as an import does.
  static let largestSplice = 50_000

  /// Runs `body` until it does not find the index locked, for at most 10 s.
  private func whileIndexLocked(_ body: () throws(GitError) -> Void) throws(StoreError) {
    var delay: useconds_t = 2_000
    let deadline = Date().addingTimeInterval(10)
    while true {
      do {
        try body()
        return
      } catch  where error.code == .locked && Date() < deadline {
        usleep(delay)
        delay = min(delay * 2, 100_000)
      } catch  where error.code == .locked {
        throw .write(.indexLocked(path: store.gitDirectory + "/index.lock"))
      } catch {
        throw .git(error)
      }
    }
  }
}
