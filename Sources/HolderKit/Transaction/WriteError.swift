import Git
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// What stops a write before it changes anything: the store's state (a detached HEAD, a git
/// operation under way, hand edits in the way) or another process (the lock, git's index, a
/// branch that keeps moving).
public enum WriteError: Error {
  case uncommittedHandEdit(path: String)
  /// So many bookmark files are missing from the work tree that they are not taken for
  /// deletions by hand without `--allow-mass-delete`; `command` is what to run again.
  case massHandDeletion(missing: Int, total: Int, command: String)
  case detachedHead
  case operationInProgress(RepositoryState)
  case lockTimeout(path: String, holder: Int32?, seconds: Double)
  case branchKeepsMoving(reference: String)
  case indexLocked(path: String)
  /// Ctrl-C while the write could still be taken back (`WriteInterruption`).
  case interrupted

  /// The message, in git's style: what is wrong, then what to do.
  public var message: String {
    switch self {
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
    case .interrupted:
      return Message("stopped by Ctrl-C").english
    }
  }
}
