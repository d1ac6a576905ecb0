import HolderCore
import Localization

/// Where `tag move` puts a tag: just before or just after another.
public enum TagPlacement: Sendable, Equatable {
  /// Just before the tag named.
  case before(String)
  /// Just after the tag named.
  case after(String)
}

extension Store {
  /// Puts `tag` before or after another tag in the user's order, in one commit.
  ///
  /// The order is kept in `.holder/store.json` (tags not placed follow alphabetically); the
  /// commit is `Move tag reading before dev`. Returns every tag in its new order.
  @discardableResult
  public func moveTag(_ tag: String, _ placement: TagPlacement) throws(StoreError) -> [String] {
    try withTransaction { (transaction) throws(StoreError) -> [String] in
      try reloadSettings()
      try ensureNoHandEdits(at: [Layout.settings])
      let catalog = TagCatalog(
        bookmarks: snapshot().bookmarks.map(\.bookmark), order: settings.tagOrder)
      // Every tag in its current place: the placed ones, then the rest alphabetically.
      var order = Set(catalog.position.keys).union(catalog.total.keys).sorted(by: catalog.precedes)
      let key = Bookmark.tagKey(tag.trimmingCharacters(in: .whitespaces))
      let otherName: String
      switch placement {
      case .before(let other), .after(let other): otherName = other
      }
      let otherKey = Bookmark.tagKey(otherName.trimmingCharacters(in: .whitespaces))
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
      var newSettings = settings
      newSettings.tagOrder = order.prefix(end + 1).map { catalog.info($0).tag }
      newSettings.lastModified = Timestamp.stamp(
        now: environment.now(), previous: settings.lastModified)
      let name = catalog.info(key).tag
      let otherSpelled = catalog.info(otherKey).tag
      let word: String
      switch placement {
      case .before: word = "before"
      case .after: word = "after"
      }
      guard newSettings.tagOrder != settings.tagOrder else {
        return order.map { catalog.info($0).tag }
      }
      try transaction.record(
        Change(
          message: word == "before"
            ? Message("Move tag \(name) before \(otherSpelled)").english
            : Message("Move tag \(name) after \(otherSpelled)").english,
          writes: [Layout.settings: StoreSettingsCodec.encode(newSettings)]))
      settings = newSettings
      return order.map { catalog.info($0).tag }
    }
  }
}
