/// The store's history read and put back: the log of a bookmark or the store
/// (`StoreHistory+History`), the changes between two commits or not yet committed
/// (`+Diff`), the conflicts sync settled (`+Conflicts`), a bookmark or a field restored
/// from any commit (`+Restore`), and undo and redo as new commits that revert earlier ones
/// (`+Undo`, `+Revert`).
///
/// It holds no state of its own: one is made for each use (`Store.storeHistory`).
struct StoreHistory {
  let store: Store
}
