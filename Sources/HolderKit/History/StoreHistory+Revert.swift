import Git
import HolderCore

/// Taking back one commit's change on today's tree: what `undo` and `redo` write.
///
/// Owns the file-by-file rule only; the commit, the lock and the gate are `StoreHistory+Undo`'s.
/// The commit taken back need not be HEAD (undo again and again reaches further back), so
/// each file it changed is taken back only as far as later commits left it alone.
extension StoreHistory {
  /// The change that takes back what `commit` did to its first parent, against HEAD's tree.
  ///
  /// For each file the commit changed: a file it added goes; a file it deleted comes back
  /// unless it was saved again since; a file it changed gets its earlier version, and a
  /// bookmark changed again since keeps those later changes to the fields the commit did not
  /// touch (a three-way merge with the earlier version winning). A file deleted since stays
  /// deleted. Every bookmark written gets a new `lastModified`, so it wins the next sync.
  func reverting(_ commit: Commit, message: String) throws(StoreError) -> Change {
    let headTree = try store.commitReader.headTree()
    let entries: [TreeDiff.Entry]
    do {
      let parentTree = try commit.parents.first.map { id throws(GitError) in
        try store.repository.commit(id).tree
      }
      entries = try TreeDiff(repository: store.repository).files(
        under: "", from: parentTree, to: commit.tree)
    } catch {
      throw .git(error)
    }
    var change = Change(message: message)
    for entry in entries {
      let before = try entry.old.map { id throws(StoreError) in try blob(id) }
      let after = try entry.new.map { id throws(StoreError) in try blob(id) }
      let current = try store.commitReader.committedBytes(at: entry.path, in: headTree)
      if current == before { continue }
      if store.rootDirectory.existsFile(entry.path) {
        try store.handEditIntake.ensureNoHandEdit(at: entry.path)
      }
      switch (before, after, current) {
      case (nil, _, _):
        change.removals.insert(entry.path)
      case (let before?, nil, nil):
        change.writes[entry.path] = stamped(before, at: entry.path, since: [])
      case (let before?, let after?, let current?):
        guard
          let bytes = taking(after, backTo: before, from: current, at: entry.path)
        else { continue }
        change.writes[entry.path] = bytes
      default:
        // Saved again after the commit deleted it, or deleted after it changed it: what
        // came later stays.
        continue
      }
    }
    return change
  }

  private func blob(_ id: ObjectID) throws(StoreError) -> [UInt8] {
    try git { () throws(GitError) in try store.repository.blob(id) }
  }

  /// `before` with a `lastModified` later than its own and every other version's.
  private func stamped(_ before: [UInt8], at path: String, since others: [[UInt8]]) -> [UInt8] {
    guard path.hasPrefix(Layout.bookmarks + "/"),
      var bookmark = try? BookmarkCodec.decode(before, file: path)
    else { return before }
    let times = others.compactMap { try? BookmarkCodec.decode($0, file: path).lastModified }
    bookmark.lastModified = Timestamp.stamp(
      now: store.environment.now(), previous: ([bookmark.lastModified] + times).max())
    return BookmarkCodec.encode(bookmark)
  }

  /// The file as it was `before` the commit, keeping what changed since `after` in `current`;
  /// nil to leave `current` as it is (a file that is not a bookmark, changed since).
  private func taking(
    _ after: [UInt8], backTo before: [UInt8], from current: [UInt8], at path: String
  ) -> [UInt8]? {
    if current == after { return stamped(before, at: path, since: [after]) }
    guard path.hasPrefix(Layout.bookmarks + "/"),
      let base = try? BookmarkCodec.decode(after, file: path),
      let ours = try? BookmarkCodec.decode(current, file: path),
      var theirs = try? BookmarkCodec.decode(before, file: path),
      base.id == ours.id
    else { return nil }
    // The earlier version is the newest of the three, so it wins a field both changed.
    theirs.lastModified = Timestamp.stamp(
      now: store.environment.now(), previous: max(ours.lastModified, base.lastModified))
    var merged = BookmarkMerge.merge(base: base, ours: ours, theirs: theirs).bookmark
    if BookmarkPath.relativePath(forNormalizedURL: merged.url) != path { merged.url = ours.url }
    let bytes = BookmarkCodec.encode(merged)
    return bytes == current ? nil : bytes
  }
}
