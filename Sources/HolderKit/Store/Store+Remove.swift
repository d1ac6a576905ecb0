import HolderCore

extension Store {
  /// Deletes the bookmark a person named, in one commit; its history stays in git.
  @discardableResult
  public func remove(_ name: String, currentDirectory: String? = nil) throws(StoreError)
    -> LocatedBookmark
  {
    let lock = try lockForWriting()
    defer { withExtendedLifetime(lock) {} }
    let located = try resolve(name, currentDirectory: currentDirectory)
    try ensureNoHandEdit(at: located.path)
    try record(
      Change(message: "Delete \(quoted(located.bookmark.title))", removals: [located.path]))
    removeTagViews(path: located.path, tags: located.bookmark.tags)
    try recordTagViewsHead()
    return located
  }
}
