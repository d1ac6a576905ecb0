/// The gate every tree from elsewhere passes before any of it reaches the work tree (a
/// clone, a fetch, a merge git made: `IncomingTreeGate+Trees`, by `IncomingTreeRules`), and
/// the check that none of the folders holder-git writes is a link (`+LinkedFolders`).
///
/// It holds no state of its own: one is made for each use (`Store.incomingTreeGate`).
struct IncomingTreeGate {
  let store: Store
}
