import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Why a bookmark or a tag a person named was not found: nothing matches (exit code 4 in the
/// command line, 404 in the web app), an id prefix too short to tell, or several match.
public enum LookupError: Error, Equatable {
  case notFound(String)
  case ambiguous(String, candidates: [String])
  case idPrefixTooShort(String)
  case tagNotFound(String)

  /// The message, in git's style: what is wrong, then what to do.
  public var message: String {
    switch self {
    case .notFound(let name):
      return Message("no bookmark matches '\(name)'; name one by id, id prefix, URL or file path")
        .english
    case .ambiguous(let name, let candidates):
      let shown = candidates.prefix(5).joined(separator: ", ")
      return Message(
        "'\(name)' matches \(candidates.count) bookmarks (\(shown)); give more of the id"
      ).english
    case .idPrefixTooShort(let name):
      return Message(
        "'\(name)' is too short for an id prefix: an id prefix needs at least 4 characters; give more of the id (see 'holder-git list')"
      ).english
    case .tagNotFound(let tag):
      return Message("no bookmark has the tag '\(tag)'; run 'holder-git tags' to see the tags")
        .english
    }
  }
}
