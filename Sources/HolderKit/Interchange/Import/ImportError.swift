import FetchProtocol
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

/// Why `import` could not read a file.
public enum ImportError: Error, Equatable {
  /// A file `import` was given is none of the formats it reads.
  case unknownImportFormat(source: String)
  /// An HTML file to import could not be read: its reader, the helper program, failed.
  case unreadableImport(source: String, FetchError)

  /// The message, in git's style: what is wrong, then what to do.
  public var message: String {
    switch self {
    case .unknownImportFormat(let source):
      return Message(
        "'\(source)' is none of the formats import reads: a Netscape bookmark file (bookmarks.html), holder-git's JSON or JSON Lines, or Markdown from 'holder-git export'; --format names one when it is not found"
      ).english
    case .unreadableImport(let source, let error):
      return Message("cannot read '\(source)': \(error.errorDescription ?? "\(error)")").english
    }
  }
}
