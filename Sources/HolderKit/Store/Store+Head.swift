// The commit the store's branch is at, as a program watching the store (the web app's
// `/health`) names it: read from `.git` as every write reads it.
import Git
import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Store {
  /// The full hex id of the commit HEAD points at; nil on a branch with no commit yet.
  ///
  /// Throws when the repository cannot be read: its `.git` taken away (looked at first, since
  /// a repository not opened yet cannot be opened then, and a long-running watcher asks
  /// again), or `.git/HEAD` unreadable.
  public func headCommit() throws(StoreError) -> String? {
    guard FileManager.default.fileExists(atPath: root + "/.git") else {
      throw .opening(.notAStore(path: root))
    }
    return try commitReader.currentHead()?.hex
  }
}
