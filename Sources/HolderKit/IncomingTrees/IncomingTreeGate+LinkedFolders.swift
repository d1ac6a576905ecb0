import HolderCore

/// The store's own folders as links: a `.holder/local` or `tags` a person (or a script) made
/// a symbolic link. holder-git never writes through one (every path is opened with
/// `O_NOFOLLOW`), so a command that would write there stops before it changes anything, naming
/// the link and what to do, instead of committing and then failing on its caches.
extension IncomingTreeGate {
  /// The folders holder-git writes into, outermost first.
  static let writtenFolders = [Layout.bookmarks, Layout.holder, Layout.local, Layout.tags]

  /// Throws `.linkedFolder` for the first of the store's folders (but `allowed`) that is a
  /// symbolic link.
  func checkNoLinkedFolders(except allowed: Set<String> = []) throws(StoreError) {
    for folder in Self.writtenFolders where !allowed.contains(folder) {
      let (parent, name) = folder.folderAndName
      guard let directory = try? store.rootDirectory.directory(parent),
        let target = try? directory.linkTarget(name)
      else { continue }
      throw .opening(.linkedFolder(path: folder, target: target))
    }
  }
}
