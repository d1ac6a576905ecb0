import HolderCore
import Localization

extension Store {
  /// Takes a tag, and every tag under it, off every bookmark in one commit.
  ///
  /// The commit is `Delete tag later (12 bookmarks)`; the bookmarks stay. The tag also
  /// leaves the user's order in `.holder/store.json`.
  public func deleteTag(_ tag: String) throws(StoreError) -> TagChangeOutcome {
    let old = try checkedTag(tag)
    return try withTransaction { (transaction) throws(StoreError) -> TagChangeOutcome in
      try reloadSettings()
      let mapping = TagMapping(tag: old, replacement: nil)
      let (spelled, updates) = try mappedBookmarks(mapping)
      let inOrder = settings.tagOrder.contains(where: mapping.covers)
      guard !updates.isEmpty || inOrder else { throw .lookup(.tagNotFound(old)) }
      var newSettings: StoreSettings?
      if inOrder {
        var changed = settings
        changed.tagOrder = settings.tagOrder.filter { !mapping.covers($0) }
        changed.lastModified = Timestamp.stamp(
          now: environment.now(), previous: settings.lastModified)
        newSettings = changed
      }
      let name = spelled ?? old
      let subject = Message("Delete tag \(name) (\(bookmarkCount(updates.count)))").english
      let changed = try commitUpdates(
        updates, settings: newSettings, message: subject, in: transaction)
      return TagChangeOutcome(tag: name, newTag: nil, changed: changed, subject: subject)
    }
  }
}
