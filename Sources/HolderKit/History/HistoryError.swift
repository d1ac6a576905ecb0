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

/// Why `log`, `diff`, `restore`, `undo` or `redo` did nothing: a revision, a point or a field
/// that names nothing, or nothing left to take back.
public enum HistoryError: Error, Equatable {
  case unknownRevision(String)
  case nothingToRestore(String)
  /// `restore --field` named no field of the bookmark.
  case unknownField(String, bookmark: String)
  /// `restore --field` of a bookmark that is deleted now: only the whole one comes back.
  case fieldOfDeleted(String)
  case nothingToUndo
  case nothingToRedo
  /// `restore --at` named a point before the bookmark was first saved (at `firstSaved`).
  case notSavedYet(String, at: String, firstSaved: Timestamp)
  /// `restore --at` was given something that is neither a date nor a revision.
  case unknownRestorePoint(String)
  /// `restore --at` named a point when the bookmark was deleted.
  case deletedThen(String, at: String)
  case mergeCannotBeUndone

  /// The message, in git's style: what is wrong, then what to do.
  public var message: String {
    switch self {
    case .unknownRevision(let revision):
      return Message(
        "'\(revision)' names no commit of this store; give a commit id, a branch or HEAD~N (see 'holder-git log')"
      ).english
    case .nothingToRestore(let name):
      return Message(
        "'\(name)' is already as it was at that point; see its history with 'holder-git log \(name)'"
      ).english
    case .unknownField(let field, let name):
      return Message(
        "'\(field)' is not a field of '\(name)'; give one of url, title, note, favorite, metadata, tags or a key the file has"
      ).english
    case .fieldOfDeleted(let name):
      return Message(
        "'\(name)' is deleted now, so one field of it cannot come back alone; restore it whole with 'holder-git restore \(name)'"
      ).english
    case .nothingToUndo:
      return Message("there is no holder-git change to undo; see 'holder-git log'").english
    case .nothingToRedo:
      return Message(
        "there is nothing to redo: redo puts back what undo took, until a new change is made; see 'holder-git log'"
      ).english
    case .notSavedYet(let name, let point, let firstSaved):
      return Message(
        "'\(name)' did not exist yet at \(point); it was first saved at \(firstSaved.rfc3339): give --at a later date, or see 'holder-git log \(name)'"
      ).english
    case .unknownRestorePoint(let text):
      return Message(
        "'\(text)' is neither a date nor a commit of this store; give a date (2026-11-20, '2026-11-20 14:00', yesterday, 2.weeks.ago) or a revision (HEAD~3)"
      ).english
    case .deletedThen(let name, let point):
      return Message(
        "'\(name)' was deleted at \(point); 'holder-git restore \(name)' brings back its last version, and 'holder-git log \(name)' shows its history"
      ).english
    case .mergeCannotBeUndone:
      return Message(
        "the last change is a merge, which undo cannot take back; bring back single bookmarks with 'holder-git restore BOOKMARK --at REV'"
      ).english
    }
  }
}
