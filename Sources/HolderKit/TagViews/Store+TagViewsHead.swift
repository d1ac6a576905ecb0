/// The marker `.holder/local/tag-views-head`: the commit the tag views were last brought up
/// to, so a command can tell that HEAD moved without holder-git and repair them.
extension Store {
  /// The marker's name under `.holder/local/`.
  static let tagViewsHeadFile = "tag-views-head"

  /// The commit the tag views were last brought up to, as recorded; nil when unknown.
  func tagViewsHead() -> String? {
    guard let recorded = try? rootDirectory.directory(Layout.local).readFile(Self.tagViewsHeadFile)
    else { return nil }
    return String(decoding: recorded, as: UTF8.self)
  }

  /// True when the tag views were last brought up to date at the current HEAD.
  func tagViewsAreCurrent() -> Bool {
    guard let recorded = tagViewsHead(), let head = try? currentHead() else { return false }
    return recorded == head.hex
  }

  /// Notes that the tag views match HEAD's bookmarks.
  func recordTagViewsHead() throws(StoreError) {
    let head = try currentHead()
    do {
      try rootDirectory.directory(Layout.local, create: true)
        .writeFileAtomically(Self.tagViewsHeadFile, Array((head?.hex ?? "").utf8), durable: false)
    } catch {
      throw .fileSystem(error)
    }
    CrashPoint.reached()
  }

  /// Repairs the tag views from the work tree when HEAD moved without holder-git (a `git pull`).
  public func refreshTagViewsIfStale() {
    guard !tagViewsAreCurrent() else { return }
    rebuildTagViews(from: snapshot().bookmarks)
    try? recordTagViewsHead()
  }
}
