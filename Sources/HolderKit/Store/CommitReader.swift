/// What HEAD and other commits hold, read through libgit2: the head, its tree, a revision's
/// tree, a committed file or bookmark, and the bookmark changes between two trees
/// (`CommitReader+Trees`).
///
/// It holds no state of its own: one is made for each use (`Store.commitReader`).
struct CommitReader {
  let store: Store
}
