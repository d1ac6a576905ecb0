import HolderCore
import Localization

/// Where `tag move` puts a tag: just before or just after another.
public enum TagPlacement: Sendable, Equatable {
  /// Just before the tag named.
  case before(String)
  /// Just after the tag named.
  case after(String)
}

extension TagEditor {
  /// See `Store.moveTag`.
  @discardableResult
  func moveTag(_ tag: String, _ placement: TagPlacement) throws(StoreError) -> [String] {
    try store.withTransaction { (transaction) throws(StoreError) -> [String] in
      try store.bookmarkEditor.reloadSettings()
      try store.bookmarkEditor.ensureNoHandEdits(at: [Layout.settings])
      let catalog = TagCatalog(
        bookmarks: store.reader.snapshot().bookmarks.map(\.bookmark), order: store.settings.tagOrder
      )
      // Every tag in its current place: the placed ones, then the rest alphabetically.
      var order = Set(catalog.position.keys).union(catalog.total.keys).sorted(by: catalog.precedes)
      let key = Bookmark.tagKey(tag.trimmingSpaces())
      let otherName: String
      switch placement {
      case .before(let other), .after(let other): otherName = other
      }
      let otherKey = Bookmark.tagKey(otherName.trimmingSpaces())
      guard order.contains(key) else { throw .lookup(.tagNotFound(tag)) }
      guard order.contains(otherKey) else { throw .lookup(.tagNotFound(otherName)) }
      // Two spellings of one tag: it is where it is.
      guard key != otherKey else { return order.map { catalog.info($0).tag } }
      order.removeAll { $0 == key }
      guard var index = order.firstIndex(of: otherKey) else {
        throw .lookup(.tagNotFound(otherName))
      }
      if case .after = placement { index += 1 }
      order.insert(key, at: index)
      // Keep the order up to the moved tag and every tag placed before; the rest is alphabetical.
      let end = order.lastIndex { $0 == key || catalog.position[$0] != nil } ?? index
      var newSettings = store.settings
      newSettings.tagOrder = order.prefix(end + 1).map { catalog.info($0).tag }
      newSettings.lastModified = Timestamp.stamp(
        now: store.environment.now(), previous: store.settings.lastModified)
      let name = catalog.info(key).tag
      let otherSpelled = catalog.info(otherKey).tag
      let word: String
      switch placement {
      case .before: word = "before"
      case .after: word = "after"
      }
      guard newSettings.tagOrder != store.settings.tagOrder else {
        return order.map { catalog.info($0).tag }
      }
      try transaction.record(
        Change(
          message: word == "before"
            ? Message("Move tag \(name) before \(otherSpelled)").english
            : Message("Move tag \(name) after \(otherSpelled)").english,
          writes: [Layout.settings: StoreSettingsCodec.encode(newSettings)]))
      store.settings = newSettings
      return order.map { catalog.info($0).tag }
    }
  }
}
