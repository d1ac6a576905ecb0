import Git

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The checks that turn a remote or clone source that cannot work into a sentence before
/// libgit2 is asked: an unknown remote name, a store with no remote, a folder that is not a
/// repository. Reads the repository's remote list and the file system; writes nothing.
extension SyncEngine {
  /// Refuses a remote name that is not configured, unless it is a URL or an existing path.
  func checkRemoteIsKnown(_ remote: String) throws(StoreError) {
    let names: [String] = try git { () throws(GitError) in try store.repository.remoteNames() }
    if names.contains(remote) || Self.isLocation(remote) { return }
    if names.isEmpty && remote == "origin" { throw .sync(.noRemote) }
    throw .sync(.unknownRemote(name: remote, remotes: names))
  }

  /// True when `text` is a URL, an scp-like `host:path` or a path rather than a remote's name.
  static func isLocation(_ text: String) -> Bool {
    text.contains("/") || text.contains(":") || FileManager.default.fileExists(atPath: text)
  }

  /// Refuses a clone source on this machine (a path or `file://` URL) that holds no git
  /// repository, bare or with a work tree; URLs of other machines are left to the clone.
  static func checkCloneSource(_ url: String) throws(StoreError) {
    var path = url
    if path.hasPrefix("file://") {
      path.removeFirst("file://".count)
    } else if path.contains("://") || isSCPLike(path) {
      return
    }
    let manager = FileManager.default
    let isRepository =
      manager.fileExists(atPath: path + "/.git")
      || (manager.fileExists(atPath: path + "/HEAD")
        && manager.fileExists(atPath: path + "/objects"))
    if !isRepository { throw .sync(.notARepository(path: url)) }
  }

  /// `user@host:path` or `host:path`: a colon before the first slash, as git reads it.
  private static func isSCPLike(_ text: String) -> Bool {
    guard let colon = text.firstIndex(of: ":") else { return false }
    return !text[..<colon].contains("/")
  }
}
