import HolderCore
import Localization

// Deleting a tag from every bookmark that has it, in one commit.

extension TagEditor {
  /// See `Store.deleteTag`.
  func deleteTag(_ tag: String) throws(StoreError) -> TagChangeOutcome {
    let old = try store.bookmarkEditor.checkedTag(tag)
    return try store.withTransaction { (transaction) throws(StoreError) -> TagChangeOutcome in
      try store.bookmarkEditor.reloadSettings()
      let mapping = TagMapping(tag: old, replacement: nil)
      let (spelled, updates) = try mappedBookmarks(mapping)
      let inOrder = store.settings.tagOrder.contains(where: mapping.covers)
      guard !updates.isEmpty || inOrder else { throw .lookup(.tagNotFound(old)) }
      var newSettings: StoreSettings?
      if inOrder {
        var changed = store.settings
        changed.tagOrder = store.settings.tagOrder.filter { !mapping.covers($0) }
        changed.lastModified = Timestamp.stamp(
          now: store.environment.now(), previous: store.settings.lastModified)
        newSettings = changed
      }
      let name = spelled ?? old
      let subject = Message("Delete tag \(name) (\(bookmarkCount(updates.count)))").english
      let changed = try store.bookmarkEditor.commitUpdates(
        updates, settings: newSettings, message: subject, in: transaction)
      return TagChangeOutcome(tag: name, newTag: nil, changed: changed, subject: subject)
    }
  }
}
