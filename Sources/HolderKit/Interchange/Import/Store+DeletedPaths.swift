import Git
import HolderCore

extension Store {
  /// The bookmark paths some commit of the current branch's history deleted, and that are
  /// not in HEAD's tree now: URLs the user removed, which an import does not bring back.
  ///
  /// Each commit is compared with its first parent by tree ids below `bookmarks/`, so the
  /// cost is what each commit changed, not the size of the store.
  func deletedBookmarkPaths() throws(StoreError) -> Set<String> {
    guard let head = try currentHead() else { return [] }
    var deleted: Set<String> = []
    do {
      try repository.walkCommits(from: head) { commit in
        guard let parent = commit.parents.first else { return true }
        let parentTree = try repository.commit(parent).tree
        for delta in try repository.changes(
          from: parentTree, to: commit.tree, under: Layout.bookmarks)
        where delta.new == nil {
          deleted.insert(delta.path)
        }
        return true
      }
    } catch let error as GitError {
      throw .git(error)
    } catch {
      throw .git(GitError(code: .other(-1), klass: 0, message: "\(error)", function: "revwalk"))
    }
    return deleted
  }
}
