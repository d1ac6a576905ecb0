import Git
import HolderCore

/// A bookmark as it was read and the value it is to become.
struct BookmarkUpdate {
  var old: LocatedBookmark
  var new: Bookmark
}

extension BookmarkEditor {
  /// Writes new versions of bookmarks in one commit, moving a file whose URL changed to the
  /// path of its new URL (DESIGN §1).
  ///
  /// The caller has checked the files carry no hand edits. `settings`, when given, is written to `.holder/store.json` in the same commit.
  func commitUpdates(
    _ updates: [BookmarkUpdate], settings newSettings: StoreSettings? = nil, message: String,
    in transaction: Transaction
  ) throws(StoreError) -> [LocatedBookmark] {
    var change = Change(message: message)
    var results: [LocatedBookmark] = []
    let leaving = Set(updates.map(\.old.path))
    for update in updates {
      let path = BookmarkPath.relativePath(forNormalizedURL: update.new.url)
      if path != update.old.path {
        let taken =
          change.writes[path] != nil
          || (!leaving.contains(path) && store.rootDirectory.existsFile(path))
        if taken { throw .bookmark(.urlInUse(url: update.new.url, path: path)) }
        change.removals.insert(update.old.path)
      }
      change.writes[path] = try BookmarkReader.encodedWithinLimits(update.new)
      change.tagsBefore[update.old.path] = update.old.bookmark.tags
      change.tagsAfter[path] = update.new.tags
      results.append(LocatedBookmark(path: path, bookmark: update.new))
    }
    for path in change.writes.keys { change.removals.remove(path) }
    if let newSettings {
      change.writes[Layout.settings] = StoreSettingsCodec.encode(newSettings)
    }
    try transaction.record(change)
    if let newSettings { store.settings = newSettings }
    return results
  }

  /// Throws when any of `paths` differs from its committed version (see `ensureNoHandEdit`),
  /// or has an edit saved in place of one of its tag views' links.
  func ensureNoHandEdits(at paths: [String]) throws(StoreError) {
    let tree = try store.commitReader.headTree()
    for path in paths {
      let committed = try store.commitReader.committedBytes(at: path, in: tree)
      if committed != (try workTreeBytes(at: path)) {
        throw .write(.uncommittedHandEdit(path: path))
      }
      guard let committed, let bookmark = try? BookmarkCodec.decode(committed, file: path) else {
        continue
      }
      for tag in bookmark.tags {
        let link = TagViews.link(tag: tag, bookmarkPath: path)
        let place = link.folder + "/" + link.name
        guard let folder = try? store.rootDirectory.directory(link.folder),
          folder.exists(link.name), (try? folder.linkTarget(link.name)) ?? nil == nil,
          (try? folder.readFile(link.name)) != committed
        else { continue }
        throw .write(.uncommittedHandEdit(path: place))
      }
    }
  }

  /// The file at `path` in the work tree; nil when it (or a folder on its path) is missing.
  ///
  /// A file that is there but cannot be read (its permissions, a failing disk) throws: it is
  /// no hand edit, and saying so would send the reader to `commit`, which cannot read it either.
  func workTreeBytes(at path: String) throws(StoreError) -> [UInt8]? {
    let (folder, name) = path.folderAndName
    do {
      return try store.rootDirectory.directory(folder).readFile(name)
    } catch  where error.isNotFound {
      return nil
    } catch {
      throw .fileSystem(error)
    }
  }

  /// Reads `.holder/store.json` again: another process may have changed it since `open`.
  ///
  /// Called with the lock held, before a change to the settings is computed.
  func reloadSettings() throws(StoreError) {
    let bytes: [UInt8]
    do {
      bytes = try store.rootDirectory.directory(Layout.holder).readFile("store.json")
    } catch {
      throw .fileSystem(error)
    }
    do {
      store.settings = try StoreSettingsCodec.decode(bytes, file: Layout.settings)
    } catch {
      throw .bookmark(.brokenSettings(error))
    }
  }
}

/// "1 bookmark", "37 bookmarks", for commit subjects (which are English).
func bookmarkCount(_ count: Int) -> String {
  count == 1 ? "1 bookmark" : "\(count) bookmarks"
}
