import Git
import HolderCore

/// Brings a store and its remotes together: the stages of a sync (fetch, plan, apply, push),
/// the merges of those stages and of plain git (`merge-driver`, settling a `git pull`), the
/// remotes' configuration and the checks before a clone.
///
/// `Store` keeps the verbs (`sync`, `addRemote`, `remotes`…); the engine does the
/// work, through the store's transaction and repository. It holds no state of its own: one
/// is made for each use (`Store.syncEngine`).
///
/// Files: `SyncEngine+Sync` (the stages), `+MergePlan` (what each side changed, and when),
/// `+IncrementalMerge` (the paths a merge must read), `+SyncMerge` and `+MergeCommit` (the
/// merge written), `+SettleGitMerge` and `+MergeDriver` (merges plain git made),
/// `+FetchBeside` (the first fetch beside the hand-edit scan), `+Clone`, `+Remotes` (and
/// `status`), `+RemoteChecks`, `+GitInfo` (`.git/info` written once).
struct SyncEngine {
  let store: Store
}
