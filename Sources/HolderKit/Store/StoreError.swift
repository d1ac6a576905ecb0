import FetchProtocol
import Foundation
import Git
import HolderCore
import Localization

/// What can go wrong in the store layer; lower layers' errors are wrapped, never flattened.
public enum StoreError: Error, LocalizedError {
  case alreadySaved(Bookmark, path: String)
  case urlInUse(url: String, path: String)
  /// A bookmark being saved is over `BookmarkLimits` (the limit's own sentence).
  case overLimit(url: String, problem: String)
  case changedWhileEditing(path: String)
  case refusedToOpen(url: String)
  case invalidURL(URLInputError)
  case invalidTag(TagPathError)
  case brokenFile(CodecError)
  case brokenSettings(CodecError)
  case notRegularFile(path: String)
  case uncommittedHandEdit(path: String)
  /// So many bookmark files are missing from the work tree that they are not taken for
  /// deletions by hand without `--allow-mass-delete`; `command` is what to run again.
  case massHandDeletion(missing: Int, total: Int, command: String)
  case detachedHead
  case operationInProgress(RepositoryState)
  case lockTimeout(path: String, holder: Int32?, seconds: Double)
  case branchKeepsMoving(reference: String)
  case indexLocked(path: String)
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
    case .alreadySaved(let bookmark, let path):
      return Message(
        "'\(URLNormalizer.readable(bookmark.url))' is already saved in '\(path)'; use --update to add the new tags and note to it"
      ).english
    case .urlInUse(let url, let path):
      return Message(
        "'\(URLNormalizer.readable(url))' is already saved in '\(path)'; edit or delete that bookmark first"
      ).english
    case .overLimit(let url, let problem):
      return Message(
        "'\(URLNormalizer.readable(url))' cannot be saved: \(problem); keep its tags and note under the limits (long text belongs in a file of its own)"
      ).english
    case .changedWhileEditing(let path):
      return Message("'\(path)' changed while you were editing it; run 'holder-git edit' again")
        .english
    case .refusedToOpen(let url):
      return Message(
        "'\(url)' is not opened: holder-git opens only http, https, ftp, mailto and file links, never javascript: or data:; copy it by hand if you trust it"
      ).english
    case .invalidURL(let error):
      return error.errorDescription
    case .invalidTag(let error):
      return Message(
        "'\(error.tag)' is not a valid tag: \(error.reason); a tag is words separated by '/', with no empty, '.' or '..' part and no control character"
      ).english
    case .brokenFile(let error), .brokenSettings(let error):
      return error.errorDescription
    case .notRegularFile(let path):
      return Message(
        "'\(path)' is not a regular file; holder-git never reads links or special files under bookmarks/: remove it or replace it with the bookmark's JSON file"
      ).english
    case .uncommittedHandEdit(let path):
      return Message(
        "'\(path)' has hand edits that are not committed; run 'holder-git commit' first so they are kept"
      ).english
    case .massHandDeletion(let missing, let total, let command):
      return Message(
        "\(missing) of \(total) bookmark files are missing from the work tree, too many to take for deletions by hand (a checkout or a copy that stopped half way leaves files out too); nothing was committed: if you deleted them, run 'holder-git \(command) --allow-mass-delete'"
      ).english
    case .detachedHead:
      return Message(
        "HEAD is detached; holder-git writes only on a branch: run 'git switch main' (or your branch) first"
      ).english
    case .operationInProgress(let state):
      return Message(
        "a git \(state) is in progress; finish it (git \(state) --continue or 'git commit') or abort it (git \(state) --abort) before changing bookmarks"
      ).english
    case .lockTimeout(let path, let holder, let seconds):
      let who =
        holder.map { Message("process \($0)").english }
        ?? Message("another holder-git process").english
      return Message(
        "'\(path)' has been held by \(who) for more than \(Int(seconds)) s; wait for it to finish, or stop it and try again"
      ).english
    case .branchKeepsMoving(let reference):
      return Message(
        "'\(reference)' kept moving while holder-git tried to commit; the change is written in the work tree: run 'holder-git commit' to record it"
      ).english
    case .indexLocked(let path):
      return Message(
        "'\(path)' stayed locked by another git process, so nothing was changed; run the command again once that process has finished, or remove the file if no git is running"
      ).english
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
        return StoreError.indexLocked(path: lock).errorDescription
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
  static func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
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
