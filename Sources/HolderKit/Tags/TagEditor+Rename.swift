import HolderCore
import Localization

/// What `tag rename` or `tag delete` did.
public struct TagChangeOutcome: Sendable {
  /// The tag as the store spelled it.
  public var tag: String
  /// The new name; nil for a deletion.
  public var newTag: String?
  /// The bookmarks changed, as they are now.
  public var changed: [LocatedBookmark]
  /// The commit's subject, such as `Rename tag ios → apple/ios (37 bookmarks)`.
  public var subject: String
}

/// Renames (or, with `replacement` nil, removes) a tag and every tag under it.
struct TagMapping {
  let segmentKeys: [String]
  let replacement: [String]?

  init(tag: String, replacement: String?) {
    segmentKeys = tag.slashSeparated().map { Bookmark.tagKey($0) }
    self.replacement = replacement.map { $0.slashSeparated() }
  }

  /// True when `tag` is the mapped tag or under it, ignoring case and normalisation.
  func covers(_ tag: String) -> Bool {
    let segments = tag.slashSeparated()
    guard segments.count >= segmentKeys.count else { return false }
    return zip(segments, segmentKeys).allSatisfy { Bookmark.tagKey(String($0)) == $1 }
  }

  /// The tag after the change: nil when it is removed.
  func apply(_ tag: String) -> String? {
    guard covers(tag) else { return tag }
    guard let replacement else { return nil }
    let rest = tag.slashSeparated().dropFirst(segmentKeys.count).map { $0 }
    return (replacement + rest).joined(separator: "/")
  }

  /// `tags` after the change.
  func apply(_ tags: [String]) -> [String] {
    tags.compactMap(apply)
  }
}

extension TagEditor {
  /// See `Store.renameTag`.
  func renameTag(_ tag: String, to newTag: String) throws(StoreError) -> TagChangeOutcome {
    let old = try store.bookmarkEditor.checkedTag(tag)
    var new = try store.bookmarkEditor.checkedTag(newTag).nfc
    return try store.withTransaction { (transaction) throws(StoreError) -> TagChangeOutcome in
      try store.bookmarkEditor.reloadSettings()
      // A new spelling of the same tag is taken as typed; another tag is spelled as the store has it.
      if Bookmark.tagKey(old) != Bookmark.tagKey(new) { new = storeSpelling(of: new) }
      let mapping = TagMapping(tag: old, replacement: new)
      let (spelled, updates) = try mappedBookmarks(mapping)
      var newSettings = store.settings
      newSettings.tagOrder = TagEditor.deduplicated(
        store.settings.tagOrder.compactMap(mapping.apply))
      let inOrder = store.settings.tagOrder.contains(where: mapping.covers)
      guard !updates.isEmpty || inOrder else { throw .lookup(.tagNotFound(old)) }
      let from = spelled ?? store.settings.tagOrder.first(where: mapping.covers) ?? old
      newSettings.tagRenames.append(
        StoreSettings.TagRename(from: from, to: new, at: store.environment.now()))
      newSettings.lastModified = Timestamp.stamp(
        now: store.environment.now(), previous: store.settings.lastModified)
      let subject = Message("Rename tag \(from) → \(new) (\(bookmarkCount(updates.count)))").english
      let changed = try store.bookmarkEditor.commitUpdates(
        updates, settings: newSettings, message: subject, in: transaction)
      return TagChangeOutcome(tag: from, newTag: new, changed: changed, subject: subject)
    }
  }

  /// The bookmarks `mapping` changes, stamped, and the store's spelling of the mapped tag.
  ///
  /// Throws when one of them has uncommitted hand edits, before anything is written.
  func mappedBookmarks(_ mapping: TagMapping) throws(StoreError) -> (
    spelling: String?, updates: [BookmarkUpdate]
  ) {
    let now = store.environment.now()
    var spelling: String?
    var updates: [BookmarkUpdate] = []
    for located in store.reader.snapshot().bookmarks {
      let tags = located.bookmark.tags
      guard tags.contains(where: mapping.covers) else { continue }
      for tag in tags where mapping.covers(tag) {
        let own = tag.slashSeparated().prefix(mapping.segmentKeys.count)
          .joined(separator: "/")
        if spelling.map({ own.unicodeScalars.lexicographicallyPrecedes($0.unicodeScalars) })
          ?? true
        {
          spelling = own
        }
      }
      var bookmark = located.bookmark
      bookmark.tags = mapping.apply(tags)
      // A respelling that Bookmark keeps as one tag still rewrites the file.
      guard bookmark.tags != tags else { continue }
      bookmark.lastModified = Timestamp.stamp(now: now, previous: bookmark.lastModified)
      updates.append(BookmarkUpdate(old: located, new: bookmark))
    }
    if let known = store.settings.tagOrder.first(where: { mapping.covers($0) }),
      known.slashSeparated().count == mapping.segmentKeys.count
    {
      spelling = known
    }
    try store.bookmarkEditor.ensureNoHandEdits(at: updates.map(\.old.path) + [Layout.settings])
    return (spelling, updates)
  }

  /// `tags` with later case and normalisation variants of a tag left out.
  static func deduplicated(_ tags: [String]) -> [String] {
    var seen: Set<String> = []
    return tags.filter { seen.insert(Bookmark.tagKey($0)).inserted }
  }
}
