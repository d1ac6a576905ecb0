import HolderCore
import HolderKit

/// History and diffs for people: one line per change (`ChangeJSON` is the `--json` shape).
enum ChangeText {
  /// `2026-11-21 09:14`, in the offset the commit was made in.
  static func time(_ entry: HistoryEntry) -> String {
    let local = Timestamp(
      millisecondsSince1970: entry.time.millisecondsSince1970
        + Int64(entry.utcOffsetMinutes) * 60_000)
    let text = local.rfc3339
    return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
  }

  /// The lines of one history entry: one per bookmark change, or its subject when it changed
  /// no bookmark.
  static func lines(_ entry: HistoryEntry) -> [String] {
    let prefix = time(entry) + "  " + TerminalText.oneLine(entry.device ?? "-") + "  "
    if entry.changes.isEmpty { return [prefix + TerminalText.oneLine(entry.subject)] }
    return entry.changes.map { prefix + TerminalText.oneLine($0.sentence) }
  }
}
