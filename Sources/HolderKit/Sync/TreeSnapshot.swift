import Git
import HolderCore

/// Every bookmark and the settings of one committed tree, read for a merge.
struct TreeSnapshot {
  var bookmarks: [Bookmark] = []
  /// Path of each bookmark, by id (of two files with one id, the last read).
  var paths: [BookmarkID: String] = [:]
  /// The path of every bookmark read, also of each file holding an id another holds too.
  var files: Set<String> = []
  var settings: StoreSettings

  /// Reads `tree` (nil: an empty store) with `fallbackSettings` when it has no store.json.
  init(repository: Repository, tree: ObjectID?, fallbackSettings: StoreSettings) throws(GitError) {
    settings = fallbackSettings
    guard let tree else { return }
    if let entry = try repository.entry(atPath: Layout.settings, inTree: tree),
      let decoded = try? StoreSettingsCodec.decode(
        try repository.blob(entry.id), file: Layout.settings)
    {
      settings = decoded
    }
    guard let folder = try repository.entry(atPath: Layout.bookmarks, inTree: tree),
      folder.kind == .tree
    else { return }
    for bucket in try repository.treeEntries(folder.id) where bucket.kind == .tree {
      for host in try repository.treeEntries(bucket.id) where host.kind == .tree {
        for file in try repository.treeEntries(host.id) where file.kind == .blob {
          let path = "\(Layout.bookmarks)/\(bucket.name)/\(host.name)/\(file.name)"
          // A file that is not a bookmark in a commit is left to git; it cannot be merged.
          guard let bookmark = try? BookmarkCodec.decode(try repository.blob(file.id), file: path)
          else { continue }
          bookmarks.append(bookmark)
          paths[bookmark.id] = path
          files.insert(path)
        }
      }
    }
  }
}
