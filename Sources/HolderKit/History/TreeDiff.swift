import Git

/// The files that differ between two trees under one folder, as blob ids.
///
/// A thin view of `Repository.changes(from:to:under:)` (which skips sub-trees
/// whose ids match) for the code that only needs the old and new contents.
struct TreeDiff {
  /// One file whose blob differs: nil on the side where it is absent.
  struct Entry: Hashable {
    var path: String
    var old: ObjectID?
    var new: ObjectID?
  }

  let repository: Repository

  /// The differing files below `folder` ("bookmarks"; "" for all) between two root trees.
  func files(under folder: String, from old: ObjectID?, to new: ObjectID?) throws(GitError)
    -> [Entry]
  {
    try repository.changes(from: old, to: new, under: folder).map {
      Entry(path: $0.path, old: $0.old?.id, new: $0.new?.id)
    }
  }
}
