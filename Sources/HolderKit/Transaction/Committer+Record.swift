import Git
import HolderCore

/// A store's own changes as commits: one change (`commitChange`), a prepared bulk of files
/// (`recordBulk`), a long series at once (`recordSeries`). All go through `commit(_:)`.
extension Committer {
  /// Records a change as one commit on the current branch and writes it to the work tree.
  ///
  /// The commit comes first and the files follow it under the intent journal: a crash
  /// leaves an operation the next command finishes, never files that look like hand edits.
  /// The commit is built from HEAD's tree (only the folders on the changed paths), never with
  /// the user's staged or uncommitted work. Returns nil when the tree did not change (the
  /// files are written all the same, and git's index takes them: they hold what HEAD holds).
  ///
  /// Only a `Transaction` calls this: it brings the tag views along.
  @discardableResult
  func commitChange(_ change: Change, keepingEmpty: Bool = false) throws(StoreError) -> ObjectID? {
    var request = CommitRequest.record(change)
    request.keepsEmpty = keepingEmpty
    if let made = try commit(request) { return made.commit }
    try writeHeadsFiles(change)
    return nil
  }

  /// Writes a change that leaves HEAD's tree as it is (a file moved by hand and put back)
  /// under the intent journal, as a commit's files are written.
  ///
  /// Killed between the file written back and its moved copy removed, the next command
  /// finishes the two; otherwise the copy stayed, and once either was edited it was a second
  /// bookmark to merge by hand. The journal names HEAD as the operation's commit, so its
  /// recovery brings exactly these paths to HEAD.
  private func writeHeadsFiles(_ change: Change) throws(StoreError) {
    let head = try git { () throws(GitError) in try store.repository.head() }
    // An operation with a journal of its own under way (an import) keeps its journal.
    guard store.commitState.journal != .open, !change.writes.isEmpty || !change.removals.isEmpty,
      case .branch(let reference, let tip) = head
    else {
      try applyToWorkTree(change)
      try updateIndex(.workTree(change))
      return
    }
    let operation = VisibleText.oneLine(firstLine(change.message))
    // The views change while HEAD stays: killed between a link removed and made again, the
    // marker would still call them current.
    store.tagViews.forgetMark()
    let indexLock = try lockGitIndex()
    try writeJournal(
      IntentJournal(
        operation: operation, reference: reference, from: tip.hex, to: tip.hex,
        paths: (Array(change.writes.keys) + change.removals).sorted(), holdsIndexLock: true))
    do {
      try applyToWorkTree(change)
      try updateIndex(.workTree(change), through: indexLock)
    } catch {
      // As after a commit: the next command finishes the paths, and plain git waits for it.
      indexLock.leave()
      throw .unfinished(error, operation: operation)
    }
    indexLock.release()
    finishJournal()
  }

  /// The commits of `recordSeries`; nil when no change changed anything.
  func commitSeries(_ changes: [Change]) throws(StoreError) -> Int? {
    let request = CommitRequest(
      steps: changes.map { (.files($0), $0.message) }, bulk: true,
      beforeMove: { old, new throws(StoreError) in
        let net = try self.difference(from: old, to: new).change
        return CommitRequest.AfterMove(workTree: net, index: .workTree(net))
      })
    return try commit(request)?.count
  }
}
