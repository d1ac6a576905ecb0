import Git
import HolderCore

/// The last step of a sync merge and of the settle pass: the outcome committed on the tip it
/// was computed from, then the work tree, git's index and the tag views brought to it.
extension SyncEngine {
  /// Commits `changes` on `parents[0]`, which must still be the tip of `reference`.
  ///
  /// The work tree follows once the branch has moved (under the intent journal); an
  /// uncommitted change in the way stops it before anything is written, except at
  /// `overwriting` (the leftovers of a merge git stopped on). The changes' blobs may be in
  /// `pack`, unfinished: the trees join them there. Returns false
  /// when, with one parent, the tree did not change and nothing was committed.
  @discardableResult
  func commitMerge(
    _ changes: [String: TreeChange], message: String, reference: String, parents: [ObjectID],
    overwriting: Set<String> = [], pack: PackWriter? = nil
  ) throws(StoreError) -> Bool {
    let moved = Box<Committer.WorkTreeMove>()
    let request = CommitRequest(
      steps: [(.entries(changes), message)],
      placement: .onto(reference: reference, parents: parents),
      bulk: changes.count > Change.bulkThreshold || pack != nil, pack: pack,
      beforeMove: { old, new throws(StoreError) in
        guard let old else { return CommitRequest.AfterMove(index: .nothing) }
        let move = try store.committer.plannedWorkTreeMove(
          from: old, to: new, overwriting: overwriting)
        moved.value = move
        return CommitRequest.AfterMove(workTree: move.change, index: .workTree(move.change))
      })
    guard let made = try store.committer.commit(request), let old = made.old, let move = moved.value
    else {
      return false
    }
    try store.tagViewUpkeep.updateTagViews(
      after: move.entries, from: old, complete: overwriting.isEmpty)
    return true
  }
}

/// What a `beforeMove` closure hands back to its caller besides the index update.
private final class Box<Value> {
  var value: Value?
}
