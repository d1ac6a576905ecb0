import HolderCore
import HolderKit

/// History and diffs for people: one line per change (`ChangeJSON` is the `--json` shape).
enum ChangeText {
  /// `2026-11-21 09:14`, in the offset the commit was made in.
  static func time(_ entry: HistoryEntry) -> String {
    TimeText.minute(entry.time, offsetMinutes: entry.utcOffsetMinutes)
  }

  /// The lines of one history entry: one per bookmark change, or its subject when it changed
  /// no bookmark.
  static func lines(_ entry: HistoryEntry) -> [String] {
    let prefix = time(entry) + "  " + TerminalText.oneLine(entry.device ?? "-") + "  "
    if entry.changes.isEmpty { return [prefix + TerminalText.oneLine(entry.subject)] }
    return entry.changes.map { prefix + TerminalText.oneLine($0.sentence) }
  }
}
