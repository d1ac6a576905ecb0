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

// The store's verbs of history (log, diff, conflicts, restore, revert, undo); the work is
// `StoreHistory`'s.

extension Store {
  /// The automatic resolutions that syncs and settled git merges recorded, newest first.
  ///
  /// Each merge commit's message lists its resolutions, one `- <id> …` line
  /// each; the losing value is in the parent whose version differs from the
  /// merge's, so `restore <id> --at <commit>^<n>` brings it back. `limit`: the newest that
  /// many, and the walk of the history stops there (the web app shows the newest 20).
  public func conflicts(since: Timestamp? = nil, limit: Int? = nil) throws(StoreError)
    -> [RecordedResolution]
  {
    try storeHistory.conflicts(since: since, limit: limit)
  }

  /// What changed between two revisions (`REV` alone: from it to HEAD), per bookmark.
  public func diff(from old: String, to new: String = "HEAD") throws(StoreError)
    -> [BookmarkChange]
  {
    try storeHistory.diff(from: old, to: new)
  }

  /// The uncommitted hand edits: the work tree against HEAD, per bookmark and per field.
  ///
  /// Broken files cannot be compared; they are returned as problems.
  public func uncommittedChanges() throws(StoreError) -> (
    changes: [BookmarkChange], problems: [StoreProblem]
  ) {
    try storeHistory.uncommittedChanges()
  }

  /// The store's history as bookmark changes, newest commit first.
  ///
  /// Each commit is compared with its first parent under `bookmarks/` by
  /// object id (unchanged folders are skipped whole), and the files that
  /// differ are decoded and matched by id, so a URL edit that moved a file
  /// is one change, and a bookmark's life can be followed across moves.
  public func history(_ filter: HistoryFilter = HistoryFilter(), from start: String? = nil)
    throws(StoreError) -> [HistoryEntry]
  {
    try storeHistory.history(filter, from: start)
  }

  /// The id of the bookmark a person named, also when it exists only in history (deleted).
  ///
  /// A name that matches nothing in the work tree is looked up in the
  /// history: a full id is taken as is; a URL or an id prefix is matched
  /// against every bookmark that ever was (from the history cache), the most recently
  /// changed first.
  public func resolveForHistory(_ name: String, currentDirectory: String? = nil)
    throws(StoreError) -> BookmarkID
  {
    try storeHistory.resolveForHistory(name, currentDirectory: currentDirectory)
  }

  /// Brings back a bookmark as it was, deleted ones too, in one commit.
  ///
  /// The restored bookmark's `lastModified` becomes now, so the restore wins
  /// the next sync against older edits. With `field`, only that field comes back and the
  /// rest stays as it is now (a settled conflict's losing value, beside the tags the merge
  /// united).
  public func restore(
    _ name: String, at point: RestorePoint = .latest, field: String? = nil,
    currentDirectory: String? = nil
  ) throws(StoreError) -> LocatedBookmark {
    try storeHistory.restore(name, at: point, field: field, currentDirectory: currentDirectory)
  }

  /// The bookmarks deleted and not brought back since, newest deletion first.
  public func deletedBookmarks() throws(StoreError) -> [DeletedBookmark] {
    try storeHistory.deletedBookmarks()
  }

  /// Takes back the latest change not yet taken back, with a new commit.
  ///
  /// Returns what was undone (the change's commit, or for an undo of a redo the redo's);
  /// `dryRun` returns it and changes nothing. Throws `nothingToUndo` when there is nothing.
  @discardableResult
  public func undo(dryRun: Bool = false) throws(StoreError) -> HistoryEntry {
    try storeHistory.undo(dryRun: dryRun)
  }

  /// Puts back what the latest undo took back, with a new commit.
  ///
  /// Returns the change put back, as its own commit shows it; `dryRun` returns it and changes
  /// nothing. Throws `nothingToRedo` when no undo is left to put back.
  @discardableResult
  public func redo(dryRun: Bool = false) throws(StoreError) -> HistoryEntry {
    try storeHistory.redo(dryRun: dryRun)
  }
}
