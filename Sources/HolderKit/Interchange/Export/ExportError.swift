import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Why an export could not be written; nothing in the store is ever changed by one.
public enum ExportError: Error, Equatable, LocalizedError {
  /// The destination is inside the store's work tree or its git folder.
  case insideStore(path: String, store: String)
  /// The destination is a folder.
  case isDirectory(path: String)
  /// Writing the file failed; no partial file is left behind.
  case fileSystem(FileSystemError)

  public var errorDescription: String? {
    switch self {
    case .insideStore(let path, let store):
      return Message("'\(path)' is inside the store '\(store)'; export to a file outside it")
        .english
    case .isDirectory(let path):
      return Message(
        "'\(path)' is a folder; name the file to write, such as '\(path)/bookmarks.html'"
      ).english
    case .fileSystem(let error):
      return (error.errorDescription ?? "\(error)") + "; nothing was written"
    }
  }
}
