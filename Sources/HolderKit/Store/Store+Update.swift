import Git
import HolderCore

/// A bookmark as it was read and the value it is to become.
struct BookmarkUpdate {
  var old: LocatedBookmark
  var new: Bookmark
}

extension Store {
  /// Writes new versions of bookmarks in one commit, moving a file whose URL changed to the
  /// path of its new URL (DESIGN §1), and brings their tag views up to date.
  ///
  /// The caller holds the lock and has checked the store is writable and the files carry no
  /// hand edits. `settings`, when given, is written to `.holder/store.json` in the same commit.
  func commitUpdates(
    _ updates: [BookmarkUpdate], settings newSettings: StoreSettings? = nil, message: String
  ) throws(StoreError) -> [LocatedBookmark] {
    var change = Change(message: message)
    var results: [LocatedBookmark] = []
    let leaving = Set(updates.map(\.old.path))
    for update in updates {
      let path = BookmarkPath.relativePath(forNormalizedURL: update.new.url)
      if path != update.old.path {
        let taken =
          change.writes[path] != nil || (!leaving.contains(path) && rootDirectory.existsFile(path))
        if taken { throw .urlInUse(url: update.new.url, path: path) }
        change.removals.insert(update.old.path)
      }
      change.writes[path] = try Store.encodedWithinLimits(update.new)
      results.append(LocatedBookmark(path: path, bookmark: update.new))
    }
    for path in change.writes.keys { change.removals.remove(path) }
    if let newSettings {
      change.writes[Layout.settings] = StoreSettingsCodec.encode(newSettings)
    }
    try record(change)
    if let newSettings { settings = newSettings }
    // Only the links that change are touched: a tag rename of 2,000 bookmarks makes 2,000
    // links, not one per tag of each.
    for (update, located) in zip(updates, results) {
      let moved = update.old.path != located.path
      let newTags = Set(located.bookmark.tags)
      let oldTags = Set(update.old.bookmark.tags)
      removeTagViews(
        path: update.old.path,
        tags: update.old.bookmark.tags.filter { moved || !newTags.contains($0) })
      var added = located
      added.bookmark.tags = located.bookmark.tags.filter { moved || !oldTags.contains($0) }
      addTagViews(for: added)
    }
    try recordTagViewsHead()
    return results
  }

  /// Throws when any of `paths` differs from its committed version (see `ensureNoHandEdit`).
  func ensureNoHandEdits(at paths: [String]) throws(StoreError) {
    let tree = try headTree()
    for path in paths {
      let committed = try committedBytes(at: path, in: tree)
      let (folder, name) = split(path)
      let current = try? rootDirectory.directory(folder).readFile(name)
      if committed != current { throw .uncommittedHandEdit(path: path) }
    }
  }

  /// Reads `.holder/store.json` again: another process may have changed it since `open`.
  ///
  /// Called with the lock held, before a change to the settings is computed.
  func reloadSettings() throws(StoreError) {
    let bytes: [UInt8]
    do {
      bytes = try rootDirectory.directory(Layout.holder).readFile("store.json")
    } catch {
      throw .fileSystem(error)
    }
    do {
      settings = try StoreSettingsCodec.decode(bytes, file: Layout.settings)
    } catch {
      throw .brokenSettings(error)
    }
  }

  /// "1 bookmark", "37 bookmarks".
  func bookmarkCount(_ count: Int) -> String {
    count == 1 ? "1 bookmark" : "\(count) bookmarks"
  }
}
