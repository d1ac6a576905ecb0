import Git
import HolderCore

extension TreeSnapshot {
  /// Reads only the bookmark files at `paths` of `tree` (absent paths are skipped), and the
  /// settings: what an incremental merge needs of a side.
  init(
    repository: Repository, tree: ObjectID, paths: some Sequence<String>,
    fallbackSettings: StoreSettings
  ) throws(GitError) {
    settings = fallbackSettings
    if let entry = try repository.entry(atPath: Layout.settings, inTree: tree),
      let decoded = try? StoreSettingsCodec.decode(
        try repository.blob(entry.id), file: Layout.settings)
    {
      settings = decoded
    }
    for path in paths {
      guard let entry = try repository.entry(atPath: path, inTree: tree), entry.kind == .blob
      else { continue }
      insert(try repository.blob(entry.id), at: path)
    }
  }

  /// Adds the bookmark in `bytes`; a file that is not a bookmark is left to git, as the full
  /// read leaves it.
  mutating func insert(_ bytes: [UInt8], at path: String) {
    guard let bookmark = try? BookmarkCodec.decode(bytes, file: path) else { return }
    bookmarks.append(bookmark)
    paths[bookmark.id] = path
    files.insert(path)
  }
}
