// One conflict a sync settled, as the sync page shows it: the decision in words, the fields
// where the two sides differ (the value kept beside the value that lost), and what the
// Restore button sends (the bookmark and the revision that holds the losing side).
import HolderCore
import HolderKit

enum ConflictView {
  /// The template's values for `resolution`.
  static func context(_ resolution: RecordedResolution) -> [String: Any] {
    var context: [String: Any] = [
      "time": resolution.time.minuteText(offsetMinutes: 0) + " UTC",
      "device": resolution.device ?? "", "text": resolution.text,
    ]
    let rows = differences(kept: resolution.kept, lost: resolution.lost)
    context["rows"] = rows
    context["hasRows"] = !rows.isEmpty
    if let bookmark = resolution.bookmark, let revision = resolution.restoreRevision,
      resolution.lost != nil
    {
      context["restore"] = ["bookmark": bookmark, "revision": revision]
    }
    if let kept = resolution.kept { context["keptID"] = kept.id.rawValue }
    return context
  }

  /// Field by field, where the kept and the lost versions differ.
  static func differences(kept: Bookmark?, lost: Bookmark?) -> [[String: String]] {
    guard let kept, let lost else {
      let gone = "deleted"
      return [
        [
          "field": "Bookmark", "kept": kept.map { $0.title } ?? gone,
          "lost": lost.map { $0.title } ?? gone,
        ]
      ]
    }
    var rows: [[String: String]] = []
    func row(_ field: String, _ keptValue: String, _ lostValue: String) {
      if keptValue != lostValue {
        rows.append(["field": field, "kept": keptValue, "lost": lostValue])
      }
    }
    row("Title", kept.title, lost.title)
    row("Address", kept.url, lost.url)
    row("Tags", kept.tags.joined(separator: ", "), lost.tags.joined(separator: ", "))
    row("Note", kept.note, lost.note)
    row("Favourite", kept.favorite ? "yes" : "no", lost.favorite ? "yes" : "no")
    return rows
  }
}
