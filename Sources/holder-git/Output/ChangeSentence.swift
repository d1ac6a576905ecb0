import HolderCore
import Localization

/// A change to a bookmark as a sentence in the reader's language, made from the change's data,
/// links readable (the library's `sentence` is the English one that commits and `--json` keep,
/// links as stored).
enum ChangeSentence {
  static func text(_ change: BookmarkChange) -> String {
    let change = change.readable
    guard Catalog.current.language != .english else { return change.sentence }
    let title = FieldChange.quoted(change.bookmark?.title ?? "")
    switch change.kind {
    case .added: return tr("Added \(title)")
    case .deleted: return tr("Deleted \(title)")
    case .changed:
      let details = change.fields.map(field).joined(separator: "; ")
      return details.isEmpty ? tr("Rewrote \(title)") : tr("Changed \(title) — \(details)")
    }
  }

  /// One field's change: `제목: "Swift.org" → "Swift"`.
  static func field(_ change: FieldChange) -> String {
    switch change {
    case .url(let from, let to): return tr("url: \(from) → \(to)")
    case .title(let from, let to):
      return tr("title: \(FieldChange.quoted(from)) → \(FieldChange.quoted(to))")
    case .note(let from, let to):
      if from.isEmpty { return tr("note added") }
      if to.isEmpty { return tr("note removed") }
      return tr("note: \(FieldChange.quoted(from)) → \(FieldChange.quoted(to))")
    case .tags(let added, let removed):
      let list = (added.map { "+" + $0 } + removed.map { "−" + $0 }).joined(separator: " ")
      return tr("tags: \(list)")
    case .favorite(let on): return on ? tr("favourite") : tr("no longer favourite")
    case .metadata: return tr("page details refreshed")
    case .ownField(let key): return tr("\(key) changed")
    case .movedByHand(let to, let expected):
      return tr(
        "file moved by hand to '\(to)'; commit puts it at '\(expected)', the path its URL gives")
    }
  }
}
