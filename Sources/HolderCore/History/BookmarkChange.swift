/// What happened to one bookmark between two versions of the store.
public struct BookmarkChange: Hashable, Sendable {
  /// Whether the bookmark appeared, changed or went away.
  public enum Kind: String, Hashable, Sendable {
    case added, changed, deleted
  }

  public var kind: Kind
  /// The bookmark before (nil when added).
  public var before: Bookmark?
  /// The bookmark after (nil when deleted).
  public var after: Bookmark?
  /// The fields that differ, in the file's key order (empty unless changed).
  public var fields: [FieldChange]

  public init(kind: Kind, before: Bookmark?, after: Bookmark?, fields: [FieldChange] = []) {
    self.kind = kind
    self.before = before
    self.after = after
    self.fields = fields
  }

  /// The bookmark's id (the same before and after).
  public var id: BookmarkID? { (after ?? before)?.id }

  /// The bookmark as it is after the change, or as it was before a deletion.
  public var bookmark: Bookmark? { after ?? before }

  /// The change with its fields as people read them (`FieldChange.readable`), for what is
  /// shown rather than stored.
  public var readable: BookmarkChange {
    var shown = self
    shown.fields = fields.map(\.readable)
    return shown
  }

  /// The change as a sentence: `Changed "Swift" — title: "Swift.org" → "Swift"; tags: +a −b`.
  public var sentence: String {
    let title = FieldChange.quoted(bookmark?.title ?? "")
    switch kind {
    case .added: return "Added \(title)"
    case .deleted: return "Deleted \(title)"
    case .changed:
      let details = fields.map(\.summary).joined(separator: "; ")
      return details.isEmpty ? "Rewrote \(title)" : "Changed \(title) — \(details)"
    }
  }
}
