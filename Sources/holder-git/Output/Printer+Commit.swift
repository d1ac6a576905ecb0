import Foundation
import HolderKit

extension Printer {
  /// `last commit:   3f1c2e0 Add "…" (2026-11-21 09:14, A U Thor)`.
  static func lastCommit(_ commit: FileCommit) {
    let date = Date(timeIntervalSince1970: TimeInterval(commit.author.time))
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: commit.author.offsetMinutes * 60)
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    let text =
      "\(commit.id.prefix(7)) \(commit.subject) (\(formatter.string(from: date)), "
      + "\(commit.author.name))"
    out(
      "last commit:".padding(toLength: 15, withPad: " ", startingAt: 0) + TerminalText.oneLine(text)
    )
  }
}
