import Git
import HolderCore

extension Store {
  /// What changed between two revisions (`REV` alone: from it to HEAD), per bookmark.
  public func diff(from old: String, to new: String = "HEAD") throws(StoreError)
    -> [BookmarkChange]
  {
    try changes(from: try tree(of: old), to: try tree(of: new))
  }

  /// The uncommitted hand edits: the work tree against HEAD, per bookmark and per field.
  ///
  /// Broken files cannot be compared; they are returned as problems.
  public func uncommittedChanges() throws(StoreError) -> (
    changes: [BookmarkChange], problems: [StoreProblem]
  ) {
    let entries = try git { () throws(GitError) in
      try repository.statusFromIndex(of: [Layout.bookmarks])
    }
    let headTree = try headTree()
    var before: [Bookmark] = []
    var after: [Bookmark] = []
    var problems: [StoreProblem] = []
    // A live holder-git's operation (or one the next command will finish) is not a hand edit.
    let underWay = interruptedOperationPaths()
    for entry in entries where entry.path.hasSuffix(".json") && !underWay.contains(entry.path) {
      if let committed = try committedBookmark(at: entry.path, in: headTree) {
        before.append(committed)
      }
      guard rootDirectory.existsFile(entry.path) else { continue }
      do {
        after.append(try bookmark(atPath: entry.path))
      } catch {
        problems.append(StoreProblem(path: entry.path, message: error.errorDescription ?? ""))
      }
    }
    return (BookmarkDiff.changes(before: before, after: after), problems)
  }
}
