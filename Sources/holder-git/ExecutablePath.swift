#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The absolute path of the running holder-git binary, for git to call back (merge driver).
enum ExecutablePath {
  static var current: String {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
  }
}
