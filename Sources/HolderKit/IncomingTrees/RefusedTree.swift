import HolderCore
import Localization

/// A tree holder-git will not take in; nothing was changed.
///
/// An entry breaks git's path rules or the store's layout (`IncomingTreeRules`), or its
/// `.holder/store.json` is not valid.
public struct RefusedTree: Error, Equatable, Sendable {
  /// Where the tree came from, which says how to get rid of it.
  public enum Source: Sendable, Equatable {
    /// A remote, by sync or clone: the commit must be fixed where it was made.
    case remote(String)
    /// A merge plain git made or left (`git pull`): taking it back is up to the user.
    case gitMerge
    /// The store's own history (undo, restore).
    case history
  }

  /// The first refused entry's path, as the tree spells it.
  public var path: String
  /// Which rule it breaks.
  public var reason: String
  /// The commit that brought it (the oldest on the way that holds the entry), as hex.
  public var commit: String
  /// That commit's subject line.
  public var subject: String
  public var source: Source

  public init(path: String, reason: String, commit: String, subject: String, source: Source) {
    self.path = path
    self.reason = reason
    self.commit = commit
    self.subject = subject
    self.source = source
  }

  /// The message: what is refused and why, then that nothing changed, then what to do.
  public var message: String {
    let shown = VisibleText.oneLine(path)
    let id = String(commit.prefix(10))
    let subject = VisibleText.oneLine(subject)
    switch source {
    case .remote(let remote):
      let remote = VisibleText.oneLine(remote)
      return Message(
        "'\(shown)' in commit \(id) (\(subject)) is refused: \(reason); nothing was changed here. Have that entry removed in a new commit on '\(remote)', or stop syncing with it"
      ).english
    case .gitMerge:
      return Message(
        "'\(shown)' in commit \(id) (\(subject)) is refused: \(reason); holder-git did not settle git's merge. Take the pull back with 'git reset --merge ORIG_HEAD', then remove the entry where it was made"
      ).english
    case .history:
      return Message(
        "'\(shown)' in commit \(id) (\(subject)) is refused: \(reason); nothing was changed. Pick another point in the history"
      ).english
    }
  }
}
