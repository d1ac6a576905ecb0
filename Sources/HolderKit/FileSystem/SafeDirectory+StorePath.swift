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
}
