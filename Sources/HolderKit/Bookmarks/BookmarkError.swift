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

/// Why a bookmark could not be saved, changed, read or opened: its link, its tags, its file.
public enum BookmarkError: Error {
  case alreadySaved(Bookmark, path: String)
  case urlInUse(url: String, path: String)
  /// A bookmark being saved is over `BookmarkLimits` (the limit's own sentence).
  case overLimit(url: String, problem: String)
  case changedWhileEditing(path: String)
  case refusedToOpen(url: String)
  case invalidURL(URLInputError)
  case invalidTag(TagPathError)
  case brokenFile(CodecError)
  case brokenSettings(CodecError)
  case notRegularFile(path: String)

  /// The message, in git's style: what is wrong, then what to do.
  public var message: String {
    switch self {
    case .alreadySaved(let bookmark, let path):
      return Message(
        "'\(URLNormalizer.readable(bookmark.url))' is already saved in '\(path)'; use --update to add the new tags and note to it"
      ).english
    case .urlInUse(let url, let path):
      return Message(
        "'\(URLNormalizer.readable(url))' is already saved in '\(path)'; edit or delete that bookmark first"
      ).english
    case .overLimit(let url, let problem):
      return Message(
        "'\(URLNormalizer.readable(url))' cannot be saved: \(problem); keep its tags and note under the limits (long text belongs in a file of its own)"
      ).english
    case .changedWhileEditing(let path):
      return Message("'\(path)' changed while you were editing it; run 'holder-git edit' again")
        .english
    case .refusedToOpen(let url):
      return Message(
        "'\(url)' is not opened: holder-git opens only http, https, ftp, mailto and file links, never javascript: or data:; copy it by hand if you trust it"
      ).english
    case .invalidURL(let error):
      return error.errorDescription ?? "\(error)"
    case .invalidTag(let error):
      return Message(
        "'\(error.tag)' is not a valid tag: \(error.reason); a tag is words separated by '/', with no empty, '.' or '..' part and no control character"
      ).english
    case .brokenFile(let error), .brokenSettings(let error):
      return error.errorDescription ?? "\(error)"
    case .notRegularFile(let path):
      return Message(
        "'\(path)' is not a regular file; holder-git never reads links or special files under bookmarks/: remove it or replace it with the bookmark's JSON file"
      ).english
    }
  }
}
