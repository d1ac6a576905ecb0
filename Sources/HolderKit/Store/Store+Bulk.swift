extension Store {
  /// Records a prepared change of many files (an import, a generated store) as one commit,
  /// under the lock, then brings the tag views up to date.
  ///
  /// The caller writes canonical bookmark files at their paths (`BookmarkCodec`,
  /// `BookmarkPath`); nothing else is checked. Returns false when the tree did not change.
  @discardableResult
  public func recordBulk(_ change: Change) throws(StoreError) -> Bool {
    let lock = try lock()
    defer { withExtendedLifetime(lock) {} }
    try checkWritable()
    guard try record(change) != nil else { return false }
    rebuildTagViews(from: index().bookmarks)
    try recordTagViewsHead()
    return true
  }
}
