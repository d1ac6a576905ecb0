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
  ///
  /// Unless a link could not be made or removed since the last note (a full disk, a folder
  /// that may not be changed): then the marker stays behind, so the next command that writes
  /// rebuilds them, the operation's journal stays, so the next command of any kind finishes
  /// it, and the failure is thrown, so the command does not report success.
  func recordTagViewsHead() throws(StoreError) {
    if let fault = tagViewFault {
      tagViewFault = nil
      guard journalState != .none, let operation = readJournal()?.operation else {
        throw .fileSystem(fault)
      }
      journalState = .open
      throw .unfinished(.fileSystem(fault), operation: operation)
    }
    let head = try currentHead()
    // A note that cannot be written (a full disk) leaves the old one, naming another commit:
    // the next command finds the views stale and rebuilds them, which costs only time.
    try? rootDirectory.directory(Layout.local, create: true)
      .writeFileAtomically(Self.tagViewsHeadFile, Array((head?.hex ?? "").utf8), durable: false)
    CrashPoint.reached()
  }

  /// Takes the marker away before views change while HEAD stays (a file moved by hand and put
  /// back): a kill between removing a link and making it again then leaves the views stale
  /// to the next command, which rebuilds them, instead of current with a link missing.
  func forgetTagViewsHead() {
    try? rootDirectory.directory(Layout.local).removeFile(Self.tagViewsHeadFile)
  }

  /// Repairs the tag views from the work tree when HEAD moved without holder-git (a `git pull`).
  public func refreshTagViewsIfStale() {
    guard !tagViewsAreCurrent() else { return }
    rebuildTagViews(from: snapshot().bookmarks)
    try? recordTagViewsHead()
  }
}
