import Git
import HolderCore

/// The store's own questions to its repository: where HEAD is, what a commit or a revision
/// holds, and which bookmarks changed between two trees.
///
/// Reads only: nothing here moves a ref or writes the work tree.
extension CommitReader {
  /// The commit HEAD points at, nil on an unborn branch.
  func currentHead() throws(StoreError) -> ObjectID? {
    try head().target
  }

  /// Where HEAD points: read from a plain `.git` without libgit2 when it can be.
  func head() throws(StoreError) -> Head {
    if let head = store.plainGit?.head() { return head }
    return try git { () throws(GitError) in try store.repository.head() }
  }

  /// The tree of the commit HEAD points at, nil on an unborn branch.
  func headTree() throws(StoreError) -> ObjectID? {
    guard let head = try currentHead() else { return nil }
    return try git { () throws(GitError) in try store.repository.commit(head).tree }
  }

  /// The root tree of the commit `revision` names.
  func tree(of revision: String) throws(StoreError) -> ObjectID {
    guard
      let commit = try git({ () throws(GitError) in try store.repository.resolveRevision(revision) }
      )
    else {
      throw .history(.unknownRevision(revision))
    }
    return try git { () throws(GitError) in try store.repository.commit(commit).tree }
  }

  /// The bytes of `path` as committed in `tree`, nil when absent there.
  func committedBytes(at path: String, in tree: ObjectID?) throws(StoreError) -> [UInt8]? {
    guard let tree else { return nil }
    return try git { () throws(GitError) -> [UInt8]? in
      guard let entry = try store.repository.entry(atPath: path, inTree: tree), entry.kind == .blob
      else { return nil }
      return try store.repository.blob(entry.id)
    }
  }

  /// The bookmark at `path` as committed in `tree`, nil when absent or unreadable there.
  func committedBookmark(at path: String, in tree: ObjectID?) throws(StoreError) -> Bookmark? {
    guard let bytes = try committedBytes(at: path, in: tree) else { return nil }
    return try? BookmarkCodec.decode(bytes, file: path)
  }

  /// The bookmark changes one commit made against its first parent.
  func changes(in commit: Commit) throws(StoreError) -> [BookmarkChange] {
    let parentTree = try git { () throws(GitError) in
      try commit.parents.first.map { id throws(GitError) in try store.repository.commit(id).tree }
    }
    return try changes(from: parentTree, to: commit.tree)
  }

  /// The bookmark changes between two root trees (nil: the empty tree).
  func changes(from old: ObjectID?, to new: ObjectID?) throws(StoreError) -> [BookmarkChange] {
    let entries = try git { () throws(GitError) in
      try TreeDiff(repository: store.repository).files(under: Layout.bookmarks, from: old, to: new)
    }
    var before: [Bookmark] = []
    var after: [Bookmark] = []
    for entry in entries {
      // Files that are not bookmarks (broken in that commit) are left out of the story.
      if let id = entry.old, let bookmark = try? decodeBlob(id, path: entry.path) {
        before.append(bookmark)
      }
      if let id = entry.new, let bookmark = try? decodeBlob(id, path: entry.path) {
        after.append(bookmark)
      }
    }
    return BookmarkDiff.changes(before: before, after: after)
  }

  private func decodeBlob(_ id: ObjectID, path: String) throws -> Bookmark {
    try BookmarkCodec.decode(try store.repository.blob(id), file: path)
  }

  /// The root tree of a commit.
  func tree(ofCommit id: ObjectID) throws(StoreError) -> ObjectID {
    return try git { () throws(GitError) in try store.repository.commit(id).tree }
  }
}
