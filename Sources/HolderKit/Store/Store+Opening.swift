import Git
import HolderCore
import Localization

/// Opening a store for what a command or the web app will do with it, once for both faces:
/// a read changes nothing on disk and says what a write will finish first; a write registers
/// the merge driver, finishes an operation a crash interrupted and settles a merge plain
/// `git pull` made, before it reads anything.
extension Store {
  /// What the opener will do with the store.
  public enum Access: Sendable {
    /// Reads only: nothing on disk changes (DESIGN §4a).
    case read
    /// May write: the store is brought to a settled state first.
    case write
  }

  /// What opening the store found, or did, before the caller's own work: each a line to show.
  public enum OpeningNotice: Sendable {
    /// An operation a crash interrupted, finished or undone.
    case finished(RecoveredOperation)
    /// A merge plain git made or stopped on, settled with these resolutions.
    case settled([Resolution])
    /// A read found an operation a crash interrupted (its name): the next write finishes it.
    case interrupted(operation: String)
    /// A read found a merge plain git made or stopped on: the next write settles it.
    case unsettledMerge
    /// A read found no merge driver registered (a clone made with plain git): the next write
    /// registers it, so that `git pull` merges bookmark files field by field.
    case noMergeDriver
    /// Finishing an interrupted operation failed; the caller's work goes on (a write's
    /// transaction says again what stops it).
    case failedToFinish(StoreError)
    /// Settling a merge from git failed; the caller's work goes on.
    case failedToSettle(StoreError)
  }

  /// Opens the store whose work tree is at `path` for `access`, with what opening found or did.
  ///
  /// `mergeDriver`: the executable a write registers as git's merge driver (nil: none).
  public static func open(
    at path: String, for access: Access, mergeDriver: String? = nil,
    environment: StoreEnvironment = .live
  ) throws(StoreError) -> (store: Store, notices: [OpeningNotice]) {
    let store = try open(at: path, environment: environment)
    let opening = Opening(store: store)
    switch access {
    case .read:
      return (store, opening.pendingWork())
    case .write:
      return (store, opening.settleBeforeWriting(mergeDriver: mergeDriver))
    }
  }
}

/// What opening does before the caller's work, on the store it opened.
private struct Opening {
  let store: Store

  /// What a write would finish or settle first, read without writing.
  func pendingWork() -> [Store.OpeningNotice] {
    guard store.isWritable else { return [] }
    var notices: [Store.OpeningNotice] = []
    // A journal of a live holder-git is its operation under way, not an interrupted one.
    if let operation = store.committer.interruptedOperation(),
      !StoreLock.isHeld(gitDirectory: store.gitDirectory)
    {
      notices.append(.interrupted(operation: operation))
    }
    if store.syncEngine.hasUnsettledMergeFromGit() { notices.append(.unsettledMerge) }
    if !store.syncEngine.hasMergeDriver() { notices.append(.noMergeDriver) }
    return notices
  }

  /// Registers the merge driver, finishes an interrupted operation and settles a merge from
  /// git; each failure is a notice, not an error: the caller's own transaction says again
  /// what stops it.
  func settleBeforeWriting(mergeDriver: String?) -> [Store.OpeningNotice] {
    // A clone made with plain git lacks the driver; registering it is never worth failing for.
    if let mergeDriver { try? store.syncEngine.ensureMergeDriver(executable: mergeDriver) }
    var notices: [Store.OpeningNotice] = []
    do {
      if let recovered = try Transaction.finishInterruptedOperation(in: store) {
        notices.append(.finished(recovered))
      }
    } catch {
      notices.append(.failedToFinish(error))
    }
    do {
      if let resolutions = try store.syncEngine.settleMergeFromGit() {
        notices.append(.settled(resolutions))
      }
    } catch {
      notices.append(.failedToSettle(error))
    }
    return notices
  }
}

extension Store.OpeningNotice {
  /// The notice in one line, a catalog message (the web app's terminal shows this; the CLI
  /// also lists each settled conflict).
  public var sentence: String {
    switch self {
    case .finished(let recovered):
      return recovered.sentence
    case .settled(let resolutions):
      switch resolutions.count {
      case 0: return Message("Settled a merge from git").english
      case 1: return Message("Settled a merge from git (1 conflict settled)").english
      case let count:
        return Message("Settled a merge from git (\(count) conflicts settled)").english
      }
    case .interrupted(let operation):
      return Message(
        "note: an operation was interrupted (\(operation)); the next command that changes the store finishes it ('holder-git check --fix' does so now)"
      ).english
    case .unsettledMerge:
      return Message(
        "note: a merge made by plain git is settled by the next command that changes the store ('holder-git check --fix' does so now)"
      ).english
    case .noMergeDriver:
      return Message(
        "note: plain 'git pull' does not yet merge bookmark files field by field here: the next command that changes the store sets that up ('holder-git check --fix' does so now)"
      ).english
    case .failedToFinish(let error):
      let reason = error.errorDescription ?? "\(error)"
      return Message("warning: could not finish an interrupted operation: \(reason)").english
    case .failedToSettle(let error):
      return Message("warning: \(error.errorDescription ?? "\(error)")").english
    }
  }
}
