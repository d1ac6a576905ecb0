import FetchProtocol
import Git
import HolderCore
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// What can go wrong in the store layer; lower layers' errors are wrapped, never flattened.
public enum StoreError: Error, LocalizedError {
  /// A bookmark's link, tags or file (`BookmarkError`).
  case bookmark(BookmarkError)
  /// What stops a write before it changes anything (`WriteError`).
  case write(WriteError)
  case refusedTree(RefusedTree)
  case opening(OpenError)
  case lookup(LookupError)
  case history(HistoryError)
  case dedupe(DedupeError)
  case importing(ImportError)
  case sync(SyncError)
  case git(GitError)
  case fileSystem(FileSystemError)
  /// A command failed part-way (a full disk, a failed write) and took back what it had
  /// written: the store is as it was before it.
  indirect case takenBack(StoreError, operation: String)
  /// A command made its change (its branch moved) and then failed writing it out (the work
  /// tree, git's index): its journal stays, and the next command finishes it.
  indirect case unfinished(StoreError, operation: String)
  /// An operation a crash or a fault left unfinished could not be finished now, so nothing
  /// else is written until it is.
  indirect case interruptedNotFinished(StoreError, operation: String)

  public var errorDescription: String? {
    switch self {
    case .bookmark(let error):
      return error.message
    case .write(let error):
      return error.message
    case .refusedTree(let refusal):
      return refusal.message
    case .opening(let error):
      return error.message
    case .lookup(let error):
      return error.message
    case .history(let error):
      return error.message
    case .dedupe(let error):
      return error.message
    case .importing(let error):
      return error.message
    case .sync(let error):
      return error.message
    case .git(let error):
      // A lock file of git's in the way (another git writing, or one that stopped before it
      // removed its lock): which file, and what to do, as for git's index.
      if error.code == .locked, let lock = Self.quotedPath(in: error.message) {
        return WriteError.indexLocked(path: lock).message
      }
      // A fault of the machine in libgit2's words: its message names the file and the
      // system's reason; the function that met it would only distract.
      if let fault = Self.machineFault(of: error), let remedy = fault.remedy {
        return Message("\(error.message); \(remedy)").english
      }
      return error.errorDescription
    case .fileSystem(let error):
      return error.errorDescription
    case .takenBack(let cause, let operation):
      let reason = cause.errorDescription ?? "\(cause)"
      // libgit2 names the fault only in its words: the same remedy as for holder-git's own.
      if case .git(let error) = cause, let fault = Self.machineFault(of: error),
        let remedy = fault.remedy
      {
        return Message(
          "\(error.message) (\(remedy); the \(operation) was taken back: the store is as it was before it)"
        ).english
      }
      return Message(
        "\(reason) (the \(operation) was taken back: the store is as it was before it)"
      ).english
    case .interruptedNotFinished(let cause, let operation):
      let reason = cause.errorDescription ?? "\(cause)"
      return Message(
        "the interrupted '\(operation)' could not be finished, so nothing else was changed: \(reason)"
      ).english
    case .unfinished(let cause, let operation):
      let (detail, remedy) = cause.faultOnceMade
      guard let remedy else {
        return Message(
          "\(detail) ('\(operation)' itself was made, and 'holder-git check --fix' finishes writing it out: do not run it again)"
        ).english
      }
      return Message("\(detail); \(remedy) ('\(operation)' itself was made: do not run it again)")
        .english
    }
  }
}

extension RepositoryState: CustomStringConvertible {
  public var description: String {
    switch self {
    case .none: return "operation"
    case .merge: return "merge"
    case .revert: return "revert"
    case .cherryPick: return "cherry-pick"
    case .bisect: return "bisect"
    case .rebase: return "rebase"
    case .applyMailbox: return "am"
    }
  }
}

extension StoreError {
  /// `text` in single quotes for a shell, as git prints the command in the same case.
  ///
  /// Each quote inside is replaced byte by byte, not by `Character`: a quote with a combining
  /// mark after it is one `Character` to Swift but still a quote to the shell.
  public static func shellQuoted(_ text: String) -> String {
    let escaped = text.utf8.flatMap { $0 == UInt8(ascii: "'") ? Array("'\\''".utf8) : [$0] }
    return "'" + String(decoding: escaped, as: UTF8.self) + "'"
  }
}

extension StoreError {
  /// The fault of the machine (a full disk, a failing one, a read-only or forbidden file) that
  /// libgit2's `message` reports in the system's words; nil for the rest.
  static func machineFault(of error: GitError) -> FileSystemError? {
    // A network's or a server's refusal ("Permission denied (publickey)" from ssh) is no
    // fault of this machine's disk.
    let network: Set<Int32> = [12, 16, 23, 34]  // GIT_ERROR_NET, SSL, SSH, HTTP
    guard !network.contains(error.klass), error.code != .auth, error.code != .certificate else {
      return nil
    }
    return [ENOSPC, EDQUOT, EROFS, EIO, EACCES].lazy.map {
      FileSystemError(operation: Message("write").english, path: "", code: $0)
    }.first { error.message.contains($0.systemMessage) }
  }

  /// The first absolute path libgit2's `message` quotes ('/…/refs/heads/main.lock').
  static func quotedPath(in message: String) -> String? {
    message.split(separator: "'", omittingEmptySubsequences: false).enumerated()
      .first { $0.offset % 2 == 1 && $0.element.hasPrefix("/") }.map { String($0.element) }
  }

  /// What failed, without a remedy, and what to do when the command's change was already
  /// made: nil when the failure is none of the machine's faults.
  var faultOnceMade: (detail: String, remedy: String?) {
    switch self {
    case .fileSystem(let error):
      return (error.plainDescription, error.remedyOnceMade)
    case .git(let error):
      return (error.message, Self.machineFault(of: error)?.remedyOnceMade)
    default:
      return (errorDescription ?? "\(self)", nil)
    }
  }
}
