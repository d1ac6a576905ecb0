import HolderCore

/// Store-relative paths ("a/b/c.json") on the store's root directory.
extension SafeDirectory {
  /// True when the store-relative `path` names an existing entry (links are not followed).
  func existsFile(_ path: String) -> Bool {
    let (folder, name) = path.folderAndName
    guard !folder.isEmpty else { return exists(name) }
    guard let directory = try? directory(folder) else { return false }
    return directory.exists(name)
  }

  /// The bytes of the store-relative file at `path`, nil when there is none or it cannot be
  /// read (a folder, a link, a fault).
  func readFile(atStorePath path: String) -> [UInt8]? {
    let (folder, name) = path.folderAndName
    guard !folder.isEmpty else { return try? readFile(name) }
    return try? directory(folder).readFile(name)
  }

  /// Removes the store-relative `folder` and its parents while they are empty, up to the
  /// top-level folder; returns the folder whose entries changed last (the first one kept),
  /// nil for the root.
  @discardableResult
  func removeEmptyFolders(along folder: String) -> String? {
    var components = folder.slashSeparated()
    while components.count > 1 {
      let name = components.removeLast()
      let parentPath = components.joined(separator: "/")
      guard let parent = try? directory(parentPath), parent.removeEmptyDirectory(name)
      else { return parentPath + "/" + name }
    }
    return components.first
  }
}
