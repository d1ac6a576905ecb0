// One conflict a sync settled, as the sync page shows it: the decision in words, the fields
// where the two sides differ (the value kept beside the value that lost), and what the
// Restore button sends (the bookmark and the revision that holds the losing side).
import HolderCore
import HolderKit
import Localization

struct ConflictView {
  /// A field where the two sides differ.
  struct Row: Equatable {
    var field: String
    var kept: String
    var lost: String
  }

  /// What the Restore button sends.
  struct Restore {
    var bookmark: String
    var revision: String
    var field: String
  }

  var time: String
  var text: String
  var device: String?
  var rows: [Row]
  var restore: Restore?
  var keptID: String?

  init(_ resolution: RecordedResolution) {
    time = Reader.time(resolution.time)
    text = Reader.decision(resolution.text)
    device = resolution.device
    var rows = Self.differences(kept: resolution.kept, lost: resolution.lost)
    if let field = resolution.field {
      // A decision about one field: that field's row only (the merge may have united tags too).
      let label = Self.label(of: field)
      rows = rows.filter { $0.field == label }
    }
    self.rows = rows
    if let bookmark = resolution.bookmark, let revision = resolution.restoreRevision,
      resolution.lost != nil
    {
      restore = Restore(bookmark: bookmark, revision: revision, field: resolution.field ?? "")
    }
    keptID = resolution.kept?.id.rawValue
  }

  /// Field by field, where the kept and the lost versions differ.
  static func differences(kept: Bookmark?, lost: Bookmark?) -> [Row] {
    guard let kept, let lost else {
      let gone = Reader.text(Message("deleted"))
      return [
        Row(
          field: Reader.text(Message("Bookmark")), kept: kept.map { $0.title } ?? gone,
          lost: lost.map { $0.title } ?? gone)
      ]
    }
    var rows: [Row] = []
    func row(_ field: String, _ keptValue: String, _ lostValue: String) {
      if keptValue != lostValue {
        rows.append(Row(field: field, kept: keptValue, lost: lostValue))
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
