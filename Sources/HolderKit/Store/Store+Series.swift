import Git

extension Store {
  /// Records each change as a commit of its own, in order, and moves the branch once.
  ///
  /// For writing a long history at once (benchmarks, bringing in another tool's history):
  /// objects are written without a sync each, the file system is synced once before the
  /// branch moves, and the work tree, git's index and the tag views are brought to the last
  /// commit in one step. A change that changes nothing makes no commit. Returns how many
  /// commits were made.
  @discardableResult
  public func recordSeries(_ changes: [Change]) throws(StoreError) -> Int {
    let lock = try lock()
    defer { withExtendedLifetime(lock) {} }
    try checkWritable()
    Durability.fsyncEachWrite(false)
    let reference: String
    let start: ObjectID?
    do {
      switch try repository.head() {
      case .unborn(let name): (reference, start) = (name, nil)
      case .branch(let name, let target): (reference, start) = (name, target)
      case .detached: throw StoreError.detachedHead
      }
    } catch let error as StoreError {
      throw error
    } catch {
      throw .wrapping(error, during: "recordSeries")
    }
    var made = 0
    var parent = start
    let startTree: ObjectID?
    var tree: ObjectID?
    do {
      startTree = try start.map { id throws(GitError) in try repository.commit(id).tree }
      tree = startTree
      for change in changes {
        var edits: [String: TreeChange] = [:]
        for (path, bytes) in change.writes {
          edits[path] = .upsert(try repository.writeBlob(bytes), kind: .blob)
        }
        for path in change.removals { edits[path] = .remove }
        let next = try repository.tree(applying: edits, to: tree)
        if next == tree { continue }
        let signature = try commitSignature()
        parent = try repository.createCommit(
          tree: next, parents: parent.map { [$0] } ?? [], author: signature,
          committer: signature, message: withDeviceTrailer(change.message))
        tree = next
        made += 1
      }
      guard made > 0, let parent else { return 0 }
      syncFileSystems()
      try repository.updateReference(
        reference, to: parent, expected: start, logMessage: "holder-git: \(made) commits")
    } catch {
      throw .wrapping(error, during: "recordSeries")
    }
    var net = Change(message: "")
    do {
      for delta in try repository.changes(from: startTree, to: tree, under: "") {
        if let new = delta.new {
          net.writes[delta.path] = try repository.blob(new.id)
        } else {
          net.removals.insert(delta.path)
        }
      }
    } catch {
      throw .git(error)
    }
    try applyToWorkTree(net)
    if net.isBulk { syncFileSystems() }
    try updateIndex(for: net)
    rebuildTagViews(from: index().bookmarks)
    try recordTagViewsHead()
    return made
  }
}
