import HolderCore
import Localization

/// The fields `edit` changes; nil and empty mean "leave as it is".
public struct BookmarkEdit: Sendable {
  /// A new title.
  public var title: String?
  /// The new note; an empty string removes the note.
  public var note: String?
  /// Tags to add, checked and spelled as the store spells them.
  public var addTags: [String]
  /// Tags to take off, compared ignoring case and normalisation.
  public var removeTags: [String]
  /// A new URL: the file moves to the path of the new URL.
  public var url: String?
  /// Accept a `javascript:`/`data:` URL (stored, never opened).
  public var allowScript: Bool

  /// Makes an edit; every field left out stays as it is.
  public init(
    title: String? = nil, note: String? = nil, addTags: [String] = [], removeTags: [String] = [],
    url: String? = nil, allowScript: Bool = false
  ) {
    self.title = title
    self.note = note
    self.addTags = addTags
    self.removeTags = removeTags
    self.url = url
    self.allowScript = allowScript
  }

  /// True when no field is to change.
  public var isEmpty: Bool {
    title == nil && note == nil && addTags.isEmpty && removeTags.isEmpty && url == nil
  }
}

/// What a change to one bookmark did.
public enum EditOutcome: Sendable, Equatable {
  /// The bookmark changed; `before` is how it was, `after` how it is now (maybe at a new path).
  case edited(before: LocatedBookmark, after: LocatedBookmark)
  /// The change asked for was already true: nothing was committed.
  case unchanged(LocatedBookmark)
}

extension BookmarkEditor {
  /// See `Store.edit`.
  func edit(_ name: String, _ edit: BookmarkEdit, currentDirectory: String? = nil)
    throws(StoreError) -> EditOutcome
  {
    let newURL = try edit.url.map { url throws(StoreError) in
      try normalizedURL(url, allowingUnsafeSchemes: edit.allowScript)
    }
    let addTags = try validatedTags(edit.addTags)
    let removeKeys = Set(
      edit.removeTags.map { Bookmark.tagKey($0.trimmingSpaces()) })
    return try store.withTransaction { (transaction) throws(StoreError) -> EditOutcome in
      let located = try store.reader.resolve(name, currentDirectory: currentDirectory)
      try store.handEditIntake.ensureNoHandEdit(at: located.path)
      var bookmark = located.bookmark
      if let title = edit.title { bookmark.title = title }
      if let note = edit.note { bookmark.note = note }
      if let newURL { bookmark.url = newURL }
      bookmark.tags = bookmark.tags.filter { !removeKeys.contains(Bookmark.tagKey($0)) } + addTags
      return try commitEdit(
        of: located, to: bookmark, message: Message("Edit \(quoted(bookmark.title))").english,
        in: transaction)
    }
  }

  /// Commits `bookmark` as the new version of `located`, stamping `lastModified`.
  ///
  /// Nothing is committed when it did not change. The caller holds the lock.
  func commitEdit(
    of located: LocatedBookmark, to bookmark: Bookmark, message: String,
    in transaction: Transaction
  ) throws(StoreError) -> EditOutcome {
    guard bookmark != located.bookmark else { return .unchanged(located) }
    var stamped = bookmark
    stamped.lastModified = Timestamp.stamp(
      now: store.environment.now(), previous: located.bookmark.lastModified)
    let results = try commitUpdates(
      [BookmarkUpdate(old: located, new: stamped)], message: message, in: transaction)
    return .edited(before: located, after: results[0])
  }
}
