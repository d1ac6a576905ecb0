import Git
import HolderCore

// The bookmark changes between two revisions, and those in the work tree not yet committed.

extension StoreHistory {
  /// See `Store.diff`.
  func diff(from old: String, to new: String = "HEAD") throws(StoreError)
    -> [BookmarkChange]
  {
    try store.commitReader.changes(
      from: try store.commitReader.tree(of: old), to: try store.commitReader.tree(of: new))
  }

  /// See `Store.uncommittedChanges`.
  func uncommittedChanges() throws(StoreError) -> (
    changes: [BookmarkChange], problems: [StoreProblem]
  ) {
    let entries = try git { () throws(GitError) in
      try store.repository.statusFromIndex(of: [Layout.bookmarks])
    }
    let headTree = try store.commitReader.headTree()
    var before: [Bookmark] = []
    var after: [Bookmark] = []
    var problems: [StoreProblem] = []
    var committedPaths: [BookmarkID: String] = [:]
    var misplaced: [BookmarkID: (path: String, expected: String)] = [:]
    // A live holder-git's operation (or one the next command will finish) is not a hand edit.
    let underWay = store.committer.interruptedOperationPaths()
    for entry in entries where entry.path.hasSuffix(".json") && !underWay.contains(entry.path) {
      let committed = try store.commitReader.committedBookmark(at: entry.path, in: headTree)
      if let committed {
        before.append(committed)
        committedPaths[committed.id] = entry.path
      }
      guard store.rootDirectory.existsFile(entry.path) else { continue }
      do {
        let current = try store.reader.bookmark(atPath: entry.path)
        after.append(current)
        let url =
          (try? URLNormalizer.normalize(current.url, allowingUnsafeSchemes: true)) ?? current.url
        let expected = BookmarkPath.relativePath(forNormalizedURL: url)
        if expected != entry.path { misplaced[current.id] = (entry.path, expected) }
      } catch {
        // A file that does not read is no deletion (nothing deletes it): it is shown as the
        // problem it is, with its line and column.
        if let committed {
          before.removeLast()
          committedPaths[committed.id] = nil
        }
        problems.append(StoreProblem(path: entry.path, message: error.errorDescription ?? ""))
      }
    }
    // An edit saved in place of a tag view's link is an edit of the bookmark it names.
    let tagFiles = store.tagViewUpkeep.tagFileEdits()
    problems += tagFiles.problems
    for edit in tagFiles.edits where !after.contains(where: { $0.id == edit.bookmark.id }) {
      guard
        let committed = try store.commitReader.committedBookmark(
          at: edit.bookmarkPath, in: headTree)
      else {
        continue
      }
      before.append(committed)
      after.append(edit.bookmark)
    }
    var changes = BookmarkDiff.changes(before: before, after: after)
    // A file moved by hand is the same bookmark: listed as moved, not left out as unchanged.
    let listed = Set(changes.compactMap(\.id))
    for bookmark in before where misplaced[bookmark.id] != nil && !listed.contains(bookmark.id) {
      if let now = after.first(where: { $0.id == bookmark.id }) {
        changes.append(BookmarkChange(kind: .changed, before: bookmark, after: now))
      }
    }
    for index in changes.indices where changes[index].kind == .changed {
      guard let id = changes[index].id, let moved = misplaced[id], committedPaths[id] != moved.path
      else { continue }
      changes[index].fields.append(.movedByHand(to: moved.path, expected: moved.expected))
    }
    changes.sort {
      let left = $0.bookmark?.title ?? ""
      let right = $1.bookmark?.title ?? ""
      return left != right ? left < right : ($0.id?.rawValue ?? "") < ($1.id?.rawValue ?? "")
    }
    return (changes, problems)
  }
}
