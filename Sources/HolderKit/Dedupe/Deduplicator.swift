/// Duplicate bookmarks: the groups of the same link (`Deduplicator+NearDuplicates`) and
/// their merge into one bookmark in one undoable commit (`+Merge`).
///
/// It holds no state of its own: one is made for each use (`Store.deduplicator`).
struct Deduplicator {
  let store: Store
}
