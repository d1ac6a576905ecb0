import HolderCore
import HolderKit

/// History and diffs for people (one line per change) and for scripts (`--json`).
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

  /// A change as a JSON value: kind, id, title, url and the fields in words.
  static func json(_ change: BookmarkChange) -> CanonicalWriter.Node {
    let bookmark = change.bookmark
    return .object(
      known: [
        ("kind", .value(.string(change.kind.rawValue))),
        ("id", .value(.string(change.id?.rawValue ?? ""))),
        ("title", .value(.string(bookmark?.title ?? ""))),
        ("url", .value(.string(bookmark?.url ?? ""))),
        ("fields", .value(.array(change.fields.map { .string($0.summary) }))),
        ("sentence", .value(.string(change.sentence))),
      ], extra: [:])
  }

  /// A history entry as a JSON value.
  static func json(_ entry: HistoryEntry) -> CanonicalWriter.Node {
    .object(
      known: [
        ("commit", .value(.string(entry.commit))),
        ("time", .value(.string(entry.time.rfc3339))),
        ("device", entry.device.map { .value(.string($0)) } ?? .value(.null)),
        ("subject", .value(.string(entry.subject))),
        ("changes", .array(entry.changes.map(json))),
      ], extra: [:])
  }

  /// `nodes` as one JSON array, without the trailing newline (the printer adds it).
  static func document(_ nodes: [CanonicalWriter.Node]) -> String {
    var bytes = CanonicalWriter.document(.array(nodes))
    if bytes.last == 0x0A { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }
}
