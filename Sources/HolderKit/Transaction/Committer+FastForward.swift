import Git
import HolderCore

/// Bringing the work tree, git's index and the tag views from one commit to another: a
/// fast-forward, and the last step of a merge or a settle pass.
extension Committer {
  /// What moving the work tree from one commit to another wrote.
  struct WorkTreeMove {
    var change: Change
    var entries: [TreeDiff.Entry]
  }

  /// Moves the branch from `old` to its descendant `new`: a check that no uncommitted change
  /// is in the way, git's `index.lock`, the intent journal, a compare-and-swap on the branch,
  /// then the work tree, git's index and the tag views.
  func fastForward(_ reference: String, from old: ObjectID, to new: ObjectID, message: String)
    throws(StoreError)
  {
    let moved = try plannedWorkTreeMove(from: old, to: new)
    let change = moved.change
    if change.isBulk { try syncFileSystems() }
    // Held until the index follows the branch, as a commit holds it (`commit(_:)`).
    let indexLock = try lockGitIndex()
    try writeJournal(
      IntentJournal(
        operation: message, reference: reference, from: old.hex, to: new.hex,
        paths: (Array(change.writes.keys) + Array(change.removals)).sorted(),
        holdsIndexLock: true))
    do {
      try moveReference(reference, to: new, expected: old, message: message, bulk: false)
    } catch {
      if referenceMoved(reference, to: new) {
        indexLock.leave()
        throw .unfinished(error, operation: message)
      }
      try? store.repository.removeReflogEntries(of: reference, movingTo: new)
      removeJournal()
      throw error
    }
    CrashPoint.reached()
    do {
      try applyToWorkTree(change)
      try updateIndex(.workTree(change), through: indexLock)
    } catch {
      // As after a commit's move: the journal and git's index lock stay for the next command.
      indexLock.leave()
      throw .unfinished(error, operation: message)
    }
    indexLock.release()
    CrashPoint.reached()
    do {
      if change.isBulk { try syncFileSystems() }
    } catch {
      throw .unfinished(error, operation: message)
    }
    finishJournal()
    try store.tagViewUpkeep.updateTagViews(after: moved.entries, from: old, complete: true)
  }

  /// What differs between the commits `old` and `new`, for the work tree to follow once the
  /// branch has moved; writes nothing.
  ///
  /// A file whose content is neither `old`'s nor absent stops it, unless it is in
  /// `overwriting` (the leftovers of a merge git stopped on), whose content is replaced.
  func plannedWorkTreeMove(from old: ObjectID, to new: ObjectID, overwriting: Set<String> = [])
    throws(StoreError) -> WorkTreeMove
  {
    let move = try difference(from: old, to: new, alsoAt: overwriting)
    for entry in move.entries where !overwriting.contains(entry.path) {
      let (folder, name) = entry.path.folderAndName
      let current = try? store.rootDirectory.directory(folder).readFile(name)
      let committed = try git { () throws(GitError) in
        try entry.old.map { id throws(GitError) in try store.repository.blob(id) }
      }
      if current != committed { throw .sync(.localChangesInTheWay(path: entry.path)) }
    }
    return move
  }

  /// The files that differ between the commits `old` (nil on an unborn branch) and `new`, and
  /// the change that writes `new`'s side of them; the paths `alsoAt` are taken from `new`
  /// whatever `old` holds.
  func difference(from old: ObjectID?, to new: ObjectID, alsoAt extra: Set<String> = [])
    throws(StoreError) -> WorkTreeMove
  {
    try git { () throws(GitError) in
      let newTree = try store.repository.commit(new).tree
      let oldTree = try old.map { id throws(GitError) in try store.repository.commit(id).tree }
      var entries = try TreeDiff(repository: store.repository).files(
        under: "", from: oldTree, to: newTree)
      let covered = Set(entries.map(\.path))
      for path in extra.subtracting(covered).sorted() {
        let entry = try store.repository.entry(atPath: path, inTree: newTree)
        entries.append(TreeDiff.Entry(path: path, old: nil, new: entry?.id))
      }
      var change = Change(message: "")
      for entry in entries {
        if let id = entry.new {
          change.writes[entry.path] = try store.repository.blob(id)
        } else {
          change.removals.insert(entry.path)
        }
      }
      return WorkTreeMove(change: change, entries: entries)
    }
  }
}
