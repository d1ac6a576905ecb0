import Git
import HolderCore

// The links the branch's history deleted, which an import does not bring back.

extension Importer {
  /// The bookmark paths some commit of the current branch's history deleted, and that are
  /// not in HEAD's tree now: URLs the user removed, which an import does not bring back.
  ///
  /// Each commit is compared with its first parent by tree ids below `bookmarks/`, so the
  /// cost is what each commit changed, not the size of the store.
  static func deletedBookmarkPaths(in repository: Repository) throws(StoreError) -> Set<String> {
    let head: Head = try git { () throws(GitError) in try repository.head() }
    guard let tip = head.target else { return [] }
    var deleted: Set<String> = []
    do {
      try repository.walkCommits(from: tip) { commit in
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

/// What an import asks git before it decides (`Store.importBookmarks`), read on a thread and
/// a repository of its own while the file is read.
struct GitKnown: Sendable {
  /// Bookmark paths the branch's history deleted (empty when deletions are not asked for).
  var deleted: Set<String>
  /// Bookmark paths whose file differs from its committed version: one status of
  /// `bookmarks/`.
  var handEdited: Set<String>

  static func read(root: String, deletions: Bool) -> Result<GitKnown, StoreError> {
    do throws(StoreError) {
      let repository = try git { () throws(GitError) in try Repository.open(at: root) }
      let status = try git { () throws(GitError) in
        try repository.statusFromIndex(of: [Layout.bookmarks])
      }
      return .success(
        GitKnown(
          deleted: deletions ? try Importer.deletedBookmarkPaths(in: repository) : [],
          handEdited: Set(status.map(\.path))))
    } catch {
      return .failure(error)
    }
  }
}
