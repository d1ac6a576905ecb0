import HolderCore

/// Which spelling of a tag the store already uses, read from `store.json` and the folders
/// under `tags/`; writes nothing.
extension TagEditor {
  /// The spelling the store already uses for `tag` (DESIGN §1): the one in `store.json`, else
  /// an existing tag folder that differs only in case or normalisation, else `tag` itself.
  func storeSpelling(of tag: String) -> String {
    let key = Bookmark.tagKey(tag)
    if let known = store.settings.tagOrder.first(where: { Bookmark.tagKey($0) == key }) {
      return known
    }
    var resolved: [String] = []
    for segment in tag.slashSeparated() {
      let folder = ([Layout.tags] + resolved).joined(separator: "/")
      let existing =
        (try? store.rootDirectory.directory(folder).entries())?
        .filter { $0.kind == .directory && Bookmark.tagKey($0.name) == Bookmark.tagKey(segment) }
        .map(\.name) ?? []
      let first = existing.min { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
      resolved.append(first ?? segment)
    }
    return resolved.joined(separator: "/")
  }
}
