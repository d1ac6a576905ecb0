/// Store-relative paths ("a/b/c.json") on the store's root directory.
extension SafeDirectory {
  /// True when the store-relative `path` names an existing entry (links are not followed).
  func existsFile(_ path: String) -> Bool {
    guard let slash = path.lastIndex(of: "/") else { return exists(path) }
    guard let folder = try? directory(String(path[..<slash])) else { return false }
    return folder.exists(String(path[path.index(after: slash)...]))
  }
}
