import HolderCore
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Why `dedupe` merged nothing.
public enum DedupeError: Error, Equatable {
  case nothingToDedupe(String)
  case notInGroup(String)

  /// The message, in git's style: what is wrong, then what to do.
  public var message: String {
    switch self {
    case .nothingToDedupe(let name):
      return Message(
        "'\(name)' has no near-duplicate (the same URL but for http/https, www., a trailing / or the #fragment); name two or more bookmarks to merge them anyway"
      ).english
    case .notInGroup(let name):
      return Message("--keep '\(name)' is not one of the bookmarks to merge; name one of them")
        .english
    }
  }
}
