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

// The store's verbs of tags (list, rename, move, delete, spelling notes); the work is TagEditor's.

extension Store {
  /// Takes a tag, and every tag under it, off every bookmark in one commit.
  ///
  /// The commit is `Delete tag later (12 bookmarks)`; the bookmarks stay. The tag also
  /// leaves the user's order in `.holder/store.json`.
  public func deleteTag(_ tag: String) throws(StoreError) -> TagChangeOutcome {
    try tagEditor.deleteTag(tag)
  }

  /// Lists the tags with their counts (DESIGN §1: case and normalisation variants are one tag).
  public func tags() -> TagListing {
    tagEditor.tags()
  }

  /// Puts `tag` before or after another tag in the user's order, in one commit.
  ///
  /// The order is kept in `.holder/store.json` (tags not placed follow alphabetically); the
  /// commit is `Move tag reading before dev`. Returns every tag in its new order.
  @discardableResult
  public func moveTag(_ tag: String, _ placement: TagPlacement) throws(StoreError) -> [String] {
    try tagEditor.moveTag(tag, placement)
  }

  /// The notes for tags typed on a command line (`add --tag`, `edit --add-tag`).
  public func tagSpellingNotes(typed: [String]) -> [String] {
    tagEditor.tagSpellingNotes(typed: typed)
  }

  /// The notes for the tags of the draft an editor changed, before `finishEdit` takes it.
  public func tagSpellingNotes(ofDraft draft: EditDraft) -> [String] {
    tagEditor.tagSpellingNotes(ofDraft: draft)
  }

  /// Renames a tag on every bookmark that has it or a tag under it, in one commit.
  ///
  /// The commit is `Rename tag ios → apple/ios (37 bookmarks)`; the rename is recorded in
  /// `.holder/store.json` (DESIGN §5). Renaming onto an existing tag merges the two.
  public func renameTag(_ tag: String, to newTag: String) throws(StoreError) -> TagChangeOutcome {
    try tagEditor.renameTag(tag, to: newTag)
  }
}
