import Foundation

/// The trailers holder-git writes at the end of its commit messages and reads back.
enum CommitTrailer {
  /// The machine that made the commit.
  static let device = "Device"

  /// The value of trailer `key` in `message`, from its last paragraph.
  static func value(_ key: String, in message: String) -> String? {
    let paragraphs = message.trimmingCharacters(in: .whitespacesAndNewlines)
      .components(separatedBy: "\n\n")
    guard paragraphs.count > 1, let last = paragraphs.last else { return nil }
    for line in last.split(separator: "\n") where line.hasPrefix(key + ": ") {
      return String(line.dropFirst(key.count + 2))
    }
    return nil
  }

  /// The first line of a message.
  static func subject(of message: String) -> String {
    String(message.prefix { $0 != "\n" })
  }
}
