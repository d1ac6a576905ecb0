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
    let entries: [StatusEntry]
    do {
      entries = try repository.status(pathspecs: [Layout.bookmarks])
    } catch {
      throw .git(error)
    }
    let headTree = try headTree()
    var before: [Bookmark] = []
    var after: [Bookmark] = []
    var problems: [StoreProblem] = []
    for entry in entries where entry.path.hasSuffix(".json") {
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

  /// The root tree of the commit `revision` names.
  func tree(of revision: String) throws(StoreError) -> ObjectID {
    let commit: ObjectID?
    do {
      commit = try repository.resolveRevision(revision)
    } catch {
      throw .git(error)
    }
    guard let commit else { throw .unknownRevision(revision) }
    do {
      return try repository.commit(commit).tree
    } catch {
      throw .git(error)
    }
  }
}
