/// `check` and `check --fix`: the store inspected against its invariants
/// (`StoreChecker+Inspection`: files, format, ids, settings; `+TagViewFindings`; `+Merges`:
/// merges and ids history explains), and the repairs made in one transaction
/// (`StoreChecker+Check`).
///
/// It holds no state of its own: one is made for each use (`Store.checker`).
struct StoreChecker {
  let store: Store
}
