import Git
import HolderCore
import Localization

/// What the next command does with an intent journal a crash left: the operation is
/// rolled forward when its commit exists (the branch is moved to it if it had not moved yet),
/// rolled back otherwise; either way only the journal's paths are brought to HEAD in the work
/// tree and git's index, so no hand edit elsewhere is touched, and the tag views are rebuilt.
public struct RecoveredOperation: Equatable, Sendable {
  /// The operation, as its journal names it (its commit's subject).
  public var operation: String
  /// True when it was finished; false when it was undone (it had made no commit yet).
  public var finished: Bool
  /// How many files of the work tree differed from the commit and were brought back to it.
  public var files: Int

  /// The one line a command prints about it.
  public var sentence: String {
    switch (finished, files == 1) {
    case (true, true):
      Message("Finished an interrupted operation: \(operation) (1 file brought up to date)").english
    case (true, false):
      Message(
        "Finished an interrupted operation: \(operation) (\(files) files brought up to date)"
      ).english
    case (false, true):
      Message(
        "Undid an interrupted operation that had not committed: \(operation) (1 file restored)"
      ).english
    case (false, false):
      Message(
        "Undid an interrupted operation that had not committed: \(operation) (\(files) files restored)"
      ).english
    }
  }
}

extension Committer {
  /// `finishInterruptedOperation` for a caller that holds the lock.
  @discardableResult
  func recoverInterruptedOperation() throws(StoreError) -> RecoveredOperation? {
    // A journal of this process is an operation under way, not an interrupted one.
    guard store.commitState.journal == .none else { return nil }
    guard journalExists() else {
      removeLeftovers(journal: nil)
      return nil
    }
    let journal =
      readJournal()
      ?? IntentJournal(
        operation: "an unreadable journal", reference: "", from: nil, to: nil, paths: [])
    do {
      return try recover(journal)
    } catch {
      throw .interruptedNotFinished(error, operation: journal.operation)
    }
  }

  private func recover(_ journal: IntentJournal) throws(StoreError) -> RecoveredOperation {
    // A crash in git's index or ref writing left their lock files: they go first.
    removeLeftovers(journal: journal)
    // Held, as the operation held it, until the index follows the branch.
    let indexLock = try lockGitIndex()
    let finished = try moveBranchIfCommitted(journal)
    let tree = try store.commitReader.headTree()
    var change = Change(message: "")
    // Only the files that differ from the commit are counted: an operation stopped early
    // wrote few of the paths its journal names.
    var differing = 0
    for path in Set(journal.paths) {
      let committed = try store.commitReader.committedBytes(at: path, in: tree)
      // A file that cannot be read reads as none: it differs from any committed file.
      if store.rootDirectory.readFile(atStorePath: path) != committed { differing += 1 }
      if let bytes = committed {
        change.writes[path] = bytes
      } else {
        change.removals.insert(path)
      }
    }
    try applyToWorkTree(change)
    try updateIndex(.workTree(change), through: indexLock)
    indexLock.release()
    try store.tagViewUpkeep.rebuildTagViewsFromWorkTree()
    if change.isBulk { try syncFileSystems() }
    removeJournal()
    return RecoveredOperation(operation: journal.operation, finished: finished, files: differing)
  }

  /// Moves the journal's branch to the commit the operation made when it still points where
  /// the operation started; true when the branch is at that commit now.
  private func moveBranchIfCommitted(_ journal: IntentJournal) throws(StoreError) -> Bool {
    // A commit whose tree or files did not all reach the disk (a pack a failed import
    // discarded) is not the truth: moving the branch to it would break the store.
    guard let made = journal.to.flatMap({ ObjectID(hex: $0) }),
      let commit = try? store.repository.commit(made),
      journal.paths.allSatisfy({ isReadable($0, in: commit.tree) })
    else { return false }
    let tip = try git { () throws(GitError) in
      try store.repository.resolveReference(journal.reference)
    }
    if tip == made { return true }
    // Moved meanwhile by someone else (a plain `git commit`): their history stands.
    guard tip?.hex == journal.from else { return false }
    try moveReference(
      journal.reference, to: made, expected: tip, message: journal.operation, bulk: false)
    return true
  }

  /// True when `path` reads from `tree`, or is rightly absent from it; false when the tree or
  /// the file's object is missing.
  private func isReadable(_ path: String, in tree: ObjectID) -> Bool {
    do {
      _ = try store.commitReader.committedBytes(at: path, in: tree)
      return true
    } catch {
      return false
    }
  }
}
