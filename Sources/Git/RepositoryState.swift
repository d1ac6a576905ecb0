/// An operation git has left half done in the repository, as `git status` would report it.
public enum RepositoryState: Hashable, Sendable {
  /// Nothing is in progress.
  case none
  /// A merge stopped for conflicts (`MERGE_HEAD` exists).
  case merge
  /// A revert is in progress.
  case revert
  /// A cherry-pick is in progress.
  case cherryPick
  /// A bisect is in progress.
  case bisect
  /// A rebase (plain, interactive or merge based) is in progress.
  case rebase
  /// `git am` is in progress.
  case applyMailbox
}
