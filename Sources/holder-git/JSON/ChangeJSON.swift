import HolderCore
import HolderKit

/// The `--json` shape of history and diffs: changes, and history entries that hold them.
enum ChangeJSON {
  /// A change: kind, id, title, url and the fields in words.
  static func node(of change: BookmarkChange) -> CanonicalWriter.Node {
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

  /// A history entry: its commit, time, device and subject, and the changes it made.
  static func node(of entry: HistoryEntry) -> CanonicalWriter.Node {
    .object(
      known: [
        ("commit", .value(.string(entry.commit))),
        ("time", .value(.string(entry.time.rfc3339))),
        ("device", entry.device.map { .value(.string($0)) } ?? .value(.null)),
        ("subject", .value(.string(entry.subject))),
        ("changes", .array(entry.changes.map { node(of: $0) })),
      ], extra: [:])
  }
}
