import Git
import HolderCore
import HolderKit
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

extension Printer {
  /// `last commit:   3f1c2e0 Add "…" (2026-11-21 09:14, A U Thor)`.
  static func lastCommit(_ commit: FileCommit) {
    let time = TimeText.minute(
      Timestamp(millisecondsSince1970: commit.author.time * 1000),
      offsetMinutes: commit.author.offsetMinutes)
    let text = "\(commit.id.prefix(7)) \(tr(said: commit.subject)) (\(time), \(commit.author.name))"
    let label = tr("last commit:")
    let padding = max(1, 15 - TerminalStyle.displayWidth(label))
    out(label + String(repeating: " ", count: padding) + TerminalText.oneLine(text))
  }
}
