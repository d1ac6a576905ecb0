import Git

/// Makes the commits a transaction records, crash-safely: the intent journal written before
/// the branch moves and the recovery that finishes or undoes an operation a crash
/// interrupted; the commit itself (objects, the branch moved with its expected old value);
/// the work tree and git's index brought to it; the durability ordering between those steps;
/// the leftovers a dead writer leaves behind.
///
/// Only `Transaction`, the sync engine's merge commits and recovery call it; a command never
/// does. It holds no state of its own (the journal's state is the store's, as it lives as
/// long as the lock): one is made for each use (`Store.committer`).
///
/// Files: `Committer+Commit` (one commit request, start to end), `+Record` (a `Change` made a
/// commit), `+FastForward` (the work tree moved between two commits), `+WorkTree`,
/// `+GitIndex`, `+Journal`, `+Recovery`, `+CrashLeftovers`, `+Signature`.
struct Committer {
  let store: Store
}
