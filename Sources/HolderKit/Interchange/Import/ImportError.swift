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
  /// A file `import` was given is none of the formats it reads: what it looks like, and the
  /// format nearest to it.
  case unknownImportFormat(source: String, ImportLook, closest: ImportFormat?)
  /// Not one entry of the file could be read, and some records could not (the first one's
  /// reason given): a file in another format, or a broken one.
  case nothingReadable(source: String, format: ImportFormat, count: Int, first: String)
  /// A compressed Firefox backup (`.jsonlz4`) whose content cannot be decompressed.
  case damagedCompression(source: String)
  /// An HTML file to import could not be read: its reader, the helper program, failed.
  case unreadableImport(source: String, FetchError)

  /// A file's look, as the error for an unknown format says it.
  static func describe(_ look: ImportLook) -> String {
    switch look {
    case .empty: return Message("an empty file").english
    case .jsonObject(let keys) where keys.isEmpty: return Message("a JSON object").english
    case .jsonObject(let keys):
      let list = keys.map { "\"\($0)\"" }.joined(separator: ", ")
      return Message("a JSON object with the keys \(list)").english
    case .jsonArray(let keys) where keys.isEmpty: return Message("a JSON array").english
    case .jsonArray(let keys):
      let list = keys.map { "\"\($0)\"" }.joined(separator: ", ")
      return Message("a JSON array of objects with the keys \(list)").english
    case .brokenJSON: return Message("JSON that cannot be read").english
    case .html: return Message("HTML without a bookmark list").english
    case .text: return Message("plain text").english
    case .binary: return Message("binary data, not text").english
    }
  }

  /// The message, in git's style: what is wrong, then what to do.
  public var message: String {
    switch self {
    case .unknownImportFormat(let source, let look, let closest):
      let seen = Self.describe(look)
      let names = ImportFormat.names
      guard let closest else {
        return Message(
          "'\(source)' is not a format import reads: it is \(seen); the formats are \(names)"
        ).english
      }
      let name = closest.rawValue
      return Message(
        "'\(source)' is not a format import reads: it is \(seen), closest to \(name); if it is \(name), '--format \(name)' reads it (the formats are \(names))"
      ).english
    case .nothingReadable(let source, let format, let count, let first):
      let name = format.rawValue
      return Message(
        "no bookmark of '\(source)' could be read as \(name): \(count) unreadable, the first: \(first); is it in another format? --format names the format, or leave it out to have it found"
      ).english
    case .damagedCompression(let source):
      return Message(
        "cannot read '\(source)': it is a compressed Firefox backup (.jsonlz4) whose content is damaged; take another from the bookmarkbackups folder of the Firefox profile"
      ).english
    case .unreadableImport(let source, let error):
      return Message("cannot read '\(source)': \(error.errorDescription ?? "\(error)")").english
    }
  }
}
