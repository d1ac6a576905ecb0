import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The trailers holder-git writes at the end of its commit messages and reads back.
enum CommitTrailer {
  /// The machine that made the commit.
  static let device = "Device"
  /// On an undo: the commit whose change it took back (so every clone finds the same next
  /// undo and redo, see `UndoScan`).
  static let undoes = "Undoes"
  /// On a redo: the undo commit whose taking back it took back.
  static let redoes = "Redoes"

  /// The value of trailer `key` in `message`, from its last paragraph.
  static func value(_ key: String, in message: String) -> String? {
    let paragraphs = message.trimmingSpacesAndNewlines()
      .components(separatedBy: "\n\n")
    guard paragraphs.count > 1, let last = paragraphs.last else { return nil }
    for line in last.split(separator: "\n") where line.hasPrefix(key + ": ") {
      return String(line.dropFirst(key.count + 2))
    }
    return nil
  }

  /// True when `paragraph` is a block of trailers this type writes, which the `Device:`
  /// trailer joins instead of starting a paragraph of its own.
  static func isTrailerBlock(_ paragraph: Substring) -> Bool {
    let lines = paragraph.split(separator: "\n")
    return !lines.isEmpty
      && lines.allSatisfy { line in
        [undoes, redoes].contains { line.hasPrefix($0 + ": ") }
      }
  }

  /// The first line of a message.
  static func subject(of message: String) -> String {
    String(message.prefix { $0 != "\n" })
  }
}
