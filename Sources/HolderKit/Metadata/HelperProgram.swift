import FetchProtocol
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Where `holder-git-fetch` is and how it is started.
///
/// Page fetching and HTML parsing live in that helper so that holder-git itself never loads a
/// networking stack or libxml2 (a read starts in a few milliseconds); git keeps
/// `git-remote-https` apart for the same reason. It is found next to the running binary, or
/// in `$HOLDER_GIT_EXEC_PATH` when that is set (as `GIT_EXEC_PATH` is for git).
package enum HelperProgram {
  package static let name = "holder-git-fetch"

  /// The helper's absolute path.
  package static var path: String {
    if let folder = ProcessInfo.processInfo.environment["HOLDER_GIT_EXEC_PATH"], !folder.isEmpty {
      return folder + "/" + name
    }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return executable.deletingLastPathComponent().path + "/" + name
  }

  /// Starts the helper with `arguments`, its standard input and output one end of a socket
  /// pair whose other end is returned; its standard error is ours, so a crash is seen.
  static func start(_ arguments: [String]) throws(FetchError) -> (HelperChild, HelperSocket) {
    let path = self.path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw .helperMissing(path: path)
    }
    guard let (ours, theirs) = HelperSocket.pair() else {
      throw .helperFailed(
        reason: Message(
          "the helper program holder-git-fetch could not be connected to (no socket pair)"
        ).english)
    }
    // The child has its own copy: without closing ours, its end-of-file would never come.
    defer { theirs.close() }
    let started = HelperChild.spawn([path] + arguments, stdio: theirs.descriptor)
    guard let child = started.child else {
      let reason = unsafe String(cString: strerror(started.error))
      throw .helperFailed(
        reason: Message(
          "the helper program holder-git-fetch could not be started from '\(path)': \(reason)"
        ).english)
    }
    return (child, ours)
  }
}
