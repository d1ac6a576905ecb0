import Git
import HolderCore
import Localization

/// `undo` and `redo`: which change they take back or put back, and the commit that does it.
///
/// Both are new commits (history is never rewritten) that carry an `Undoes:` or `Redoes:`
/// trailer naming the commit they answer, so which change comes next is read from the history
/// itself (`UndoScan`) and every clone that syncs agrees. Undo takes back the latest change
/// not yet taken back, again and again; redo puts back what the latest undo took, until a new
/// change is made. A sync's merge is passed over; the changes on both sides can be undone.
extension StoreHistory {
  /// See `Store.undo`.
  @discardableResult
  func undo(dryRun: Bool) throws(StoreError) -> HistoryEntry {
    if dryRun {
      guard let target = try scan(for: .undo) else { throw .history(.nothingToUndo) }
      return try entry(for: target)
    }
    return try store.withTransaction { (transaction) throws(StoreError) -> HistoryEntry in
      guard let target = try scan(for: .undo) else { throw .history(.nothingToUndo) }
      try answer(
        target, message: Message("Undo: \(plainSubject(of: target))").english, trailer: .undoes,
        in: transaction)
      return try entry(for: target)
    }
  }

  /// See `Store.redo`.
  @discardableResult
  func redo(dryRun: Bool) throws(StoreError) -> HistoryEntry {
    if dryRun {
      guard let undo = try scan(for: .redo) else { throw .history(.nothingToRedo) }
      return try entry(for: try taken(by: undo))
    }
    return try store.withTransaction { (transaction) throws(StoreError) -> HistoryEntry in
      guard let undo = try scan(for: .redo) else { throw .history(.nothingToRedo) }
      try answer(
        undo, message: Message("Redo: \(plainSubject(of: undo))").english, trailer: .redoes,
        in: transaction)
      return try entry(for: try taken(by: undo))
    }
  }

  /// Commits the taking back of `target`'s change, with a trailer naming it.
  private func answer(
    _ target: Commit, message: String, trailer: UndoTrailer, in transaction: Transaction
  ) throws(StoreError) {
    guard let head = try store.commitReader.currentHead(), let parent = target.parents.first else {
      throw .history(.nothingToUndo)
    }
    // What is written comes from the target's parent: it must be files holder-git writes.
    try store.incomingTreeGate.checkIncoming(
      tip: parent, against: head, stopAt: nil, source: .history)
    let key = trailer == .undoes ? CommitTrailer.undoes : CommitTrailer.redoes
    let change = try reverting(
      target, message: message + "\n\n\(key): \(target.id.hex)")
    try transaction.record(change, keepingEmpty: true)
    if change.writes[Layout.settings] != nil || change.removals.contains(Layout.settings) {
      try? store.bookmarkEditor.reloadSettings()
    }
  }

  private enum UndoTrailer { case undoes, redoes }

  /// The newest commit `goal`'s stack holds on top, walking back from HEAD.
  private func scan(for goal: UndoScan.Goal) throws(StoreError) -> Commit? {
    guard let head = try store.commitReader.currentHead() else { return nil }
    var scan = UndoScan(goal)
    var commits: [String: Commit] = [:]
    do {
      try store.repository.walkCommits(from: head) { commit in
        let id = commit.id.hex
        commits[id] = commit
        scan.visit(id, Self.role(of: commit))
        return !scan.isFinished
      }
    } catch {
      throw .wrapping(error, during: "walk")
    }
    return scan.found.flatMap { commits[$0] }
  }

  /// A commit's part in undo and redo, from its parents and trailers.
  static func role(of commit: Commit) -> UndoScan.Role {
    if commit.parents.isEmpty { return .root }
    if commit.parents.count > 1 { return .merge }
    if let target = CommitTrailer.value(CommitTrailer.undoes, in: commit.message) {
      return .undo(of: target)
    }
    if let target = CommitTrailer.value(CommitTrailer.redoes, in: commit.message) {
      return .redo(of: target)
    }
    return .change
  }

  /// The commit an undo took back.
  private func taken(by undo: Commit) throws(StoreError) -> Commit {
    guard case .undo(let target) = Self.role(of: undo), let id = ObjectID(hex: target),
      let commit = try? store.repository.commit(id)
    else { return undo }
    return commit
  }

  /// The subject without the `Undo: ` or `Redo: ` an undo or redo put before it, so an undo
  /// of a redo of an undo still reads `Undo: Delete "…"`.
  private func plainSubject(of commit: Commit) -> String {
    let subject = CommitTrailer.subject(of: commit.message)
    guard Self.role(of: commit) != .change else { return subject }
    for prefix in ["Undo: ", "Redo: "] where subject.hasPrefix(prefix) {
      return String(subject.dropFirst(prefix.count))
    }
    return subject
  }
}
