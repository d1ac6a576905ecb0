import Git

/// Makes the commits a transaction records, crash-safely: the intent journal written before
/// the branch moves and the recovery that finishes or undoes an operation a crash
/// interrupted; the commit itself (objects, the branch moved with its expected old value);
/// the work tree and git's index brought to it; the durability ordering between those steps;
/// the leftovers a dead writer leaves behind.
///
/// Only `Transaction`, the sync engine's merge commits and recovery call it; a command never
/// does. One is made for each use (`Store.committer`); what it must remember between uses
/// lives as long as the store, in its `State`.
///
/// Files: `Committer+Commit` (one commit request, start to end), `+Record` (a `Change` made a
/// commit), `+FastForward` (the work tree moved between two commits), `+WorkTree`,
/// `+GitIndex`, `+Journal`, `+Recovery`, `+CrashLeftovers`, `+Signature`.
struct Committer {
  let store: Store

  /// What the commit path remembers for as long as the store is open.
  final class State {
    /// Whether this process has an intent journal on disk, and whether its operation is done.
    var journal: JournalState = .none
    /// Whether this process made a commit: only then may it start the background packer.
    var hasCommitted = false
  }
}
