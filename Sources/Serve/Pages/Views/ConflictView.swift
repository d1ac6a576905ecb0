// One conflict a sync settled, as the sync page shows it: the decision in words, the fields
// where the two sides differ (the value kept beside the value that lost), and what the
// Restore button sends (the bookmark and the revision that holds the losing side).
import HolderCore
import HolderKit
import Localization

enum ConflictView {
  /// The template's values for `resolution`.
  static func context(_ resolution: RecordedResolution) -> [String: Any] {
    var context: [String: Any] = [
      "time": Reader.time(resolution.time),
      "text": Reader.decision(resolution.text),
    ]
    if let device = resolution.device { context["device"] = device }
    var rows = differences(kept: resolution.kept, lost: resolution.lost)
    if let field = resolution.field {
      // A decision about one field: that field's row only (the merge may have united tags too).
      let label = label(of: field)
      rows = rows.filter { $0["field"] == label }
    }
    context["rows"] = rows
    context["hasRows"] = !rows.isEmpty
    if let bookmark = resolution.bookmark, let revision = resolution.restoreRevision,
      resolution.lost != nil
    {
      context["restore"] = [
        "bookmark": bookmark, "revision": revision, "field": resolution.field ?? "",
      ]
    }
    if let kept = resolution.kept { context["keptID"] = kept.id.rawValue }
    return context
  }

  /// Field by field, where the kept and the lost versions differ.
  static func differences(kept: Bookmark?, lost: Bookmark?) -> [[String: String]] {
    guard let kept, let lost else {
      let gone = Reader.text(Message("deleted"))
      return [
        [
          "field": Reader.text(Message("Bookmark")), "kept": kept.map { $0.title } ?? gone,
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
    let yes = Reader.text(Message("yes"))
    let no = Reader.text(Message("no"))
    row(label(of: "title"), kept.title, lost.title)
    row(
      label(of: "url"), URLNormalizer.readable(kept.url), URLNormalizer.readable(lost.url))
    row(label(of: "tags"), kept.tags.joined(separator: ", "), lost.tags.joined(separator: ", "))
    row(label(of: "note"), kept.note, lost.note)
    row(label(of: "favorite"), kept.favorite ? yes : no, lost.favorite ? yes : no)
    return rows
  }

  /// The row heading of a field, by its name in the file; a user's own key as it is.
  static func label(of field: String) -> String {
    switch field {
    case "title": Reader.text(Message("Title"))
    case "url": Reader.text(Message("Address"))
    case "tags": Reader.text(Message("Tags"))
    case "note": Reader.text(Message("Note"))
    case "favorite": Reader.text(Message("Favourite"))
    default: field
    }
  }
}
