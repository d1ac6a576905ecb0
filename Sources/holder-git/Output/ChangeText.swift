import HolderCore
import HolderKit
import Localization

/// History and diffs for people: one line per change (`ChangeJSON` is the `--json` shape).
enum ChangeText {
  /// `2026-11-21 09:14`, in the offset the commit was made in.
  static func time(_ entry: HistoryEntry) -> String {
    TimeText.minute(entry.time, offsetMinutes: entry.utcOffsetMinutes)
  }

  /// The lines of one history entry: its one bookmark change in words, else its subject (a
  /// change of many bookmarks is one sentence, `Import 9911 bookmarks from bm.html`, with
  /// the count when the subject does not say it); `expanded` lists each bookmark under it.
  static func lines(_ entry: HistoryEntry, expanded: Bool = false) -> [String] {
    let prefix = time(entry) + "  " + TerminalText.oneLine(entry.device ?? "-") + "  "
    if entry.changes.count == 1 {
      return entry.changes.map { prefix + TerminalText.oneLine(ChangeSentence.text($0)) }
    }
    var subject = TerminalText.oneLine(tr(said: entry.subject))
    let count = entry.changes.count
    if count > 1 && !subject.contains(String(count)) && !subject.contains(grouped(count)) {
      subject += " (" + tr(count: count, one: "1 bookmark", other: "\(count) bookmarks") + ")"
    }
    guard expanded else { return [prefix + subject] }
    return [prefix + subject]
      + entry.changes.map { "    " + TerminalText.oneLine(ChangeSentence.text($0)) }
  }

  /// 9,911: a count as the issue tracker and people write it.
  private static func grouped(_ count: Int) -> String {
    var digits = Array(String(count))
    var index = digits.count - 3
    while index > 0 {
      digits.insert(",", at: index)
      index -= 3
    }
    return String(digits)
  }
}
