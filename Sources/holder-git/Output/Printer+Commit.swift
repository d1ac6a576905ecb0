import Foundation
import HolderCore
import HolderKit

extension Printer {
  /// `last commit:   3f1c2e0 Add "…" (2026-11-21 09:14, A U Thor)`.
  static func lastCommit(_ commit: FileCommit) {
    let time = TimeText.minute(
      Timestamp(millisecondsSince1970: commit.author.time * 1000),
      offsetMinutes: commit.author.offsetMinutes)
    let text = "\(commit.id.prefix(7)) \(commit.subject) (\(time), \(commit.author.name))"
    out(
      "last commit:".padding(toLength: 15, withPad: " ", startingAt: 0) + TerminalText.oneLine(text)
    )
  }
}
