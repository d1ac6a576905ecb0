import HolderCore

/// Which spelling of a tag the store already uses, read from `store.json` and the folders
/// under `tags/`; writes nothing.
extension TagEditor {
  /// The spelling the store already uses for `tag` (DESIGN §1): the one in `store.json`, else
  /// an existing tag folder that differs only in case or normalisation, else `tag` itself.
  ///
  /// For many tags at once (an import), keep one `TagSpeller`: it reads each folder once.
  func storeSpelling(of tag: String) -> String {
    var speller = TagSpeller(store: store)
    return speller.spelling(of: tag)
  }
}

/// `TagEditor.storeSpelling(of:)` for many tags: what it reads is read once.
///
/// Asking folder by folder costs a listing of `tags/` per tag, so an import of a file with
/// 7,000 distinct tags into a store that has them listed `tags/` 7,000 times (a re-import
/// took five times as long as the first); here each folder is listed once, and the order
/// in `store.json` is a table made on first use.
struct TagSpeller {
  private let store: Store
  /// Each tag key of `store.json`'s order, with its first spelling there.
  private var ordered: [String: String]?
  /// For each folder under `tags/` looked into: its tag folders' keys, each with the
  /// spelling that sorts first.
  private var folders: [String: [String: String]] = [:]

  init(store: Store) {
    self.store = store
  }

  /// See `TagEditor.storeSpelling(of:)`.
  mutating func spelling(of tag: String) -> String {
    let key = Bookmark.tagKey(tag)
    if let known = orderedSpellings()[key] { return known }
    var resolved: [String] = []
    for segment in tag.slashSeparated() {
      let folder = ([Layout.tags] + resolved).joined(separator: "/")
      resolved.append(spellings(in: folder)[Bookmark.tagKey(segment)] ?? segment)
    }
    return resolved.joined(separator: "/")
  }

  private mutating func orderedSpellings() -> [String: String] {
    if let ordered { return ordered }
    var table: [String: String] = [:]
    for tag in store.settings.tagOrder where table[Bookmark.tagKey(tag)] == nil {
      table[Bookmark.tagKey(tag)] = tag
    }
    ordered = table
    return table
  }

  private mutating func spellings(in folder: String) -> [String: String] {
    if let known = folders[folder] { return known }
    var table: [String: String] = [:]
    for entry in (try? store.rootDirectory.directory(folder).entries()) ?? []
    where entry.kind == .directory {
      let key = Bookmark.tagKey(entry.name)
      if let earlier = table[key],
        earlier.unicodeScalars.lexicographicallyPrecedes(entry.name.unicodeScalars)
      {
        continue
      }
      table[key] = entry.name
    }
    folders[folder] = table
    return table
  }
}
