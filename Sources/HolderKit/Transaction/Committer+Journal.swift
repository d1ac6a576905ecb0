import Git
import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// The intent journal's file, `.git/holder-git-journal`: written and synced before
/// an operation's first change to the work tree, the index or a ref, removed after its last
/// (when the store lock is let go), read by the next command when a crash left it.
extension Committer {
  static let journalFile = "holder-git-journal"

  /// Where an operation of this process stands with its journal.
  enum JournalState {
    /// No journal of ours is on disk.
    case none
    /// Written, and the operation is not done: a failure leaves it for the next command.
    case open
    /// The operation did its last write: the journal goes when the lock is let go.
    case done
  }

  /// Writes `journal` durably: the file is synced, then `.git/` so its name survives too.
  func writeJournal(_ journal: IntentJournal) throws(StoreError) {
    let directory: SafeDirectory
    do {
      directory = try SafeDirectory(path: store.gitDirectory)
      try directory.writeFileAtomically(Self.journalFile, journal.encoded(), durable: true)
    } catch {
      throw .fileSystem(error)
    }
    do {
      try directory.sync()
    } catch {
      // A journal whose name may not be on disk is not counted on, nor left for the next
      // command to finish an operation this one reports as failed.
      try? directory.removeFile(Self.journalFile)
      throw .fileSystem(error)
    }
    store.commitState.journal = .open
    CrashPoint.reached()
  }

  /// The operation is done: its journal is removed when the lock is let go.
  func finishJournal() {
    if store.commitState.journal == .open { store.commitState.journal = .done }
  }

  /// The journal on disk, when there is one (left by a crash, or by a live holder-git).
  func readJournal() -> IntentJournal? {
    guard let directory = try? SafeDirectory(path: store.gitDirectory),
      let bytes = try? directory.readFile(Self.journalFile)
    else { return nil }
    return IntentJournal.decode(bytes)
  }

  /// True when a file sits at the journal's name, whether or not it reads.
  func journalExists() -> Bool {
    (try? SafeDirectory(path: store.gitDirectory))?.exists(Self.journalFile) ?? false
  }

  func removeJournal() {
    try? SafeDirectory(path: store.gitDirectory).removeFile(Self.journalFile)
    store.commitState.journal = .none
  }

  /// Runs as the lock is let go: a finished operation's journal is removed before another
  /// process can take the lock and read it.
  func releaseJournal() {
    if store.commitState.journal == .done { removeJournal() }
  }

  /// The journal's paths, which read commands must not take for hand edits while a live
  /// holder-git is in the middle of the operation (or before the next command finishes it).
  func interruptedOperationPaths() -> Set<String> {
    Set(readJournal()?.paths ?? [])
  }

  /// The operation a journal on disk names, for `status` and `check`; nil when there is none.
  func interruptedOperation() -> String? {
    guard journalExists() else { return nil }
    return readJournal()?.operation ?? "an unknown operation"
  }
}
