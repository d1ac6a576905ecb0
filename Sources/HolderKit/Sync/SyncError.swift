import Git
import Localization

/// Why a sync stopped; the store is left as it was before the sync began.
public enum SyncError: Error, Equatable {
  /// The two stores share no history; joining them needs `--allow-unrelated`.
  case unrelatedHistories(remote: String)
  /// A file that is not a bookmark changed on both sides differently.
  case conflictInFile(path: String)
  /// Applying the merge would overwrite an uncommitted change in the work tree.
  case localChangesInTheWay(path: String)
  /// A merge git stopped on keeps an uncommitted change to a bookmark the other side deleted,
  /// which settling it would remove.
  case localChangesInGitMerge(path: String)
  /// The merge would delete a large share of the bookmarks.
  case massDelete(deleted: Int, total: Int)
  /// The remote kept moving while holder-git tried to push.
  case remoteKeepsMoving(remote: String)
  /// The remote refused the push for a reason other than having moved.
  case pushRejected(remote: String, reason: String)
  /// The branch has no name (HEAD detached) or no commit yet.
  case nothingToSync
  /// The remote's HEAD names a branch it does not have, so a clone checked nothing out.
  case remoteHeadMissing(url: String, path: String, branches: [String])
  /// `remote add` was given an empty URL.
  case emptyRemoteURL(name: String)
  /// `remote add` was given a name git cannot take for a remote.
  case invalidRemoteName(String)
  /// A remote on this machine that is not a bare repository (libgit2 cannot push to one).
  case remoteNotBare(path: String)
  /// The store has no remote at all, and none was named.
  case noRemote
  /// A name that is neither a remote of this store nor a URL or path.
  case unknownRemote(name: String, remotes: [String])
  /// `remote add` of a name that is taken.
  case remoteExists(name: String, url: String)
  /// A clone source on this machine that is no git repository.
  case notARepository(path: String)
  /// The remote could not be reached; everything is committed here.
  case unreachable(remote: String, reason: String)

  /// The message, in git's style: what is wrong, then what to do.
  public var message: String {
    switch self {
    case .unrelatedHistories(let remote):
      return Message(
        "'\(remote)' holds a store with no history in common with this one; run 'holder-git sync --allow-unrelated' to join the two"
      ).english
    case .conflictInFile(let path):
      return Message(
        "'\(path)' changed on both sides and is not a bookmark; merge it with git ('git pull'), then run 'holder-git sync' again"
      ).english
    case .localChangesInGitMerge(let path):
      return Message(
        "'\(path)' has changes that are not committed, and git's merge stopped on it (the other side deleted it); keep a copy of your changes, then run 'git checkout --ours -- \(path)' and any holder-git command to finish the merge"
      ).english
    case .localChangesInTheWay(let path):
      return Message(
        "'\(path)' has changes that are not committed; run 'holder-git commit' (or fix the file) and sync again"
      ).english
    case .massDelete(let deleted, let total):
      return Message(
        "this sync would delete \(deleted) of \(total) bookmarks; look at them with 'holder-git sync --dry-run' and run 'holder-git sync --allow-mass-delete' to go on"
      ).english
    case .remoteKeepsMoving(let remote):
      return Message(
        "'\(remote)' kept changing while holder-git pushed; everything is committed here: run 'holder-git sync' again"
      ).english
    case .pushRejected(let remote, let reason):
      return Message("'\(remote)' refused the push: \(reason); everything is committed here")
        .english
    case .remoteHeadMissing(let url, let path, let branches):
      guard !branches.isEmpty else {
        return Message(
          "'\(url)' holds no branch yet, so there is nothing to clone; push a store to it first ('holder-git remote add origin \(url)' and 'holder-git sync' in that store)"
        ).english
      }
      let names = branches.map { "'\($0)'" }.joined(separator: ", ")
      return Message(
        "'\(url)' has no branch its HEAD names but several others (\(names)); clone the one you pushed: 'git clone -b \(branches[0]) \(url) \(path)', then run any holder-git command there"
      ).english
    case .emptyRemoteURL(let name):
      return Message(
        "the URL of '\(name)' is empty; give the remote's URL or the path of its bare repository: 'holder-git remote add \(name) git@host:bookmarks.git'"
      ).english
    case .invalidRemoteName(let name):
      return Message(
        "'\(name)' cannot be a remote's name; use a name such as 'origin' or 'laptop' (no spaces, no '..', not starting with '-' or ending with '/' or '.lock')"
      ).english
    case .remoteNotBare(let path):
      return Message(
        "'\(path)' is a work tree, and git cannot push to a checked-out branch; use a bare repository ('git clone --bare \(path) \(path).git') as the remote"
      ).english
    case .noRemote:
      return Message(
        "this store has no remote to sync with; add one with 'holder-git remote add origin URL' (a bare repository's path, or an ssh:// or https:// URL), then run 'holder-git sync'"
      ).english
    case .unknownRemote(let name, let remotes):
      guard !remotes.isEmpty else {
        return Message(
          "'\(name)' is not a remote of this store, which has no remote yet; add one with 'holder-git remote add \(name) URL'"
        ).english
      }
      let names = remotes.map { "'\($0)'" }.joined(separator: ", ")
      return Message(
        "'\(name)' is not a remote of this store; its remotes are \(names) ('holder-git remote list' shows their URLs)"
      ).english
    case .remoteExists(let name, let url):
      return Message(
        "'\(name)' is already a remote (\(url)); choose another name, or point it elsewhere: 'holder-git remote set-url \(name) URL'"
      ).english
    case .notARepository(let path):
      return Message(
        "'\(path)' is not a git repository; give the path of a store's bare repository (made with 'git clone --bare STORE \(path)') or a URL"
      ).english
    case .unreachable(let remote, let reason):
      return Message(
        "'\(remote)' could not be reached (\(reason)); everything is committed here and the next sync sends it"
      ).english
    case .nothingToSync:
      return Message(
        "there is nothing to sync on a detached HEAD or an empty branch; switch to your branch ('git switch main') first"
      ).english
    }
  }
}
