// What makes the edit form's Save a merge: the version the form was opened on, carried by the
// form (the bookmark's canonical file, base64), and the sentences the bookmark page shows after
// a Save that met changes made meanwhile (a CLI command, a sync): which fields were kept as they
// became, and how a field changed on both sides was settled.
import HolderCore
import HolderKit
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension App {
  /// The form field that carries `bookmark` as the form shows it.
  static func versionField(_ bookmark: Bookmark) -> String {
    Data(BookmarkCodec.encode(bookmark)).base64EncodedString()
  }

  /// The version a form was opened on, when `text` holds one of the bookmark `id`.
  static func openedVersion(_ text: String?, id: BookmarkID) -> Bookmark? {
    guard let text, let data = Data(base64Encoded: text),
      let bookmark = try? BookmarkCodec.decode(Array(data), file: "form"), bookmark.id == id
    else { return nil }
    return bookmark
  }

  /// The query of the bookmark page after a Save: the fields changed meanwhile and kept, the
  /// fields changed on both sides with the person's value kept, and those the later change
  /// made meanwhile won.
  static func mergeQuery(_ saved: MergedEditOutcome, edited: Bookmark) -> String {
    var after = edited
    if case .edited(_, let located) = saved.outcome { after = located.bookmark }
    if case .unchanged(let located) = saved.outcome { after = located.bookmark }
    let both = saved.conflicts.compactMap { resolution -> String? in
      if case .field(_, _, let field, _, _, _, _) = resolution { return field }
      return nil
    }
    let lost = Set(edited.editedFields(to: after))
    var query = FormFields(query: "")
    let groups = [
      ("meanwhile", saved.changedMeanwhile), ("yours", both.filter { !lost.contains($0) }),
      ("theirs", both.filter { lost.contains($0) }),
    ]
    for (name, fields) in groups where !fields.isEmpty {
      query.set(name, fields.joined(separator: ","))
    }
    return query.encoded
  }

  /// What the bookmark page says after a Save that merged, from its query; nil otherwise.
  static func mergeFlash(_ query: FormFields) -> String? {
    func names(_ key: String) -> String? {
      let fields = (query[key] ?? "").split(separator: ",").compactMap { field -> String? in
        switch field {
        case "url": return Reader.text(Message("Address"))
        case "title": return Reader.text(Message("Title"))
        case "tags": return Reader.text(Message("Tags"))
        case "note": return Reader.text(Message("Note"))
        case "favorite": return Reader.text(Message("Favourite"))
        default: return nil
        }
      }
      return fields.isEmpty ? nil : fields.joined(separator: ", ")
    }
    var sentences: [String] = []
    if let fields = names("meanwhile") {
      sentences.append(
        Reader.text(Message("Saved with what changed since you opened the form: \(fields)")))
    }
    if let fields = names("yours") {
      sentences.append(
        Reader.text(
          Message(
            "Changed since you opened the form and by you too, your version kept: \(fields) (the other is in the history)"
          )))
    }
    if let fields = names("theirs") {
      sentences.append(
        Reader.text(
          Message(
            "Changed since you opened the form by a later change, which was kept: \(fields) (yours is not saved)"
          )))
    }
    return sentences.isEmpty ? nil : sentences.joined(separator: " ")
  }
}
