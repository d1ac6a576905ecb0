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
      "device": resolution.device ?? "", "text": Reader.said(resolution.text),
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
    row(Reader.text(Message("Title")), kept.title, lost.title)
    row(Reader.text(Message("Address")), kept.url, lost.url)
    row(
      Reader.text(Message("Tags")), kept.tags.joined(separator: ", "),
      lost.tags.joined(separator: ", "))
    row(Reader.text(Message("Note")), kept.note, lost.note)
    row(Reader.text(Message("Favourite")), kept.favorite ? yes : no, lost.favorite ? yes : no)
    return rows
  }
}
