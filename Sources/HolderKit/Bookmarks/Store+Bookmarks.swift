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

// The store's verbs that save, change and remove bookmarks; the work is BookmarkEditor's.

extension Store {
  /// Saves a link: one file at the path its normalised URL gives, one commit.
  ///
  /// "Already saved?" is a single file lookup; the other bookmarks are
  /// neither read nor listed.
  public func add(_ request: AddRequest) throws(StoreError) -> AddOutcome {
    try bookmarkEditor.add(request)
  }

  /// `add` with what the page says about itself (see `add(_:fetchingWith:timeout:)`), for a
  /// caller that fetched it away from the store for `addressToFetch(for:)` (the web app); a
  /// link saved meanwhile is updated as `add(_:)` would.
  public func add(_ request: AddRequest, page: PageMetadata?) throws(StoreError) -> AddOutcome {
    try bookmarkEditor.add(request, page: page)
  }

  /// Saves many links in one commit (`Add 12 bookmarks`), one result per request in order.
  ///
  /// A link already saved is changed only when its request says `updateExisting`: then its
  /// tags, note, title and favourite are merged in as `add` does. A bad request is refused
  /// without stopping the others. Nothing is committed when nothing is added or updated.
  public func addMany(_ requests: [AddRequest]) throws(StoreError) -> [ManyAddResult] {
    try bookmarkEditor.addMany(requests)
  }

  /// Changes fields of the bookmark a person named, in one commit `Edit "<title>"`.
  ///
  /// A new URL moves the file to its new path and is refused when that URL is saved already;
  /// `lastModified` is stamped (DESIGN §5).
  public func edit(_ name: String, _ edit: BookmarkEdit, currentDirectory: String? = nil)
    throws(StoreError) -> EditOutcome
  {
    try bookmarkEditor.edit(name, edit, currentDirectory: currentDirectory)
  }

  /// Copies the named bookmark's file to a draft for an editor.
  public func beginEdit(_ name: String, currentDirectory: String? = nil) throws(StoreError)
    -> EditDraft
  {
    try bookmarkEditor.beginEdit(name, currentDirectory: currentDirectory)
  }

  /// Checks the draft and commits it as `Edit "<title>"`.
  ///
  /// A draft that is not a valid bookmark throws `.brokenFile` with the line and column and
  /// keeps the draft, so the person can edit it again or call `discardEdit`.
  public func finishEdit(_ draft: EditDraft) throws(StoreError) -> EditOutcome {
    try bookmarkEditor.finishEdit(draft)
  }

  /// Removes the draft; the bookmark file was never touched.
  public func discardEdit(_ draft: EditDraft) {
    bookmarkEditor.discardEdit(draft)
  }

  /// Marks the named bookmarks as favourites (or not), all in one commit
  /// (`Favourite "<title>"`, `Unfavourite 3 bookmarks`).
  ///
  /// Every name is resolved before anything is written, so one bad name changes nothing.
  public func setFavorite(
    _ names: [String], to favorite: Bool, currentDirectory: String? = nil
  ) throws(StoreError) -> FavoriteOutcome {
    try bookmarkEditor.setFavorite(names, to: favorite, currentDirectory: currentDirectory)
  }

  /// Saves `edited`, a person's version of the bookmark `base` (the version their form was
  /// opened on), merged with the bookmark as it is now by `BookmarkMerge` against `base`.
  ///
  /// The person's version counts as changed now, so a field both changed keeps theirs
  /// unless the other change is dated later. Its URL is normalised and refused when it holds
  /// credentials or is saved already; its tags take the store's spelling.
  public func saveEdit(_ edited: Bookmark, openedOn base: Bookmark) throws(StoreError)
    -> MergedEditOutcome
  {
    try bookmarkEditor.saveEdit(edited, openedOn: base)
  }

  /// Deletes the bookmark a person named, in one commit; its history stays in git.
  @discardableResult
  public func remove(_ name: String, currentDirectory: String? = nil) throws(StoreError)
    -> LocatedBookmark
  {
    try bookmarkEditor.remove(name, currentDirectory: currentDirectory)
  }

  /// Deletes the bookmarks named, all in one commit (`Delete "<title>"`, `Delete 3 bookmarks`),
  /// so one `undo` brings them all back; their history stays in git.
  ///
  /// Every name is resolved before anything is written, so one bad name deletes nothing. A
  /// bookmark named twice is deleted once. Returns the bookmarks deleted, in the order named.
  @discardableResult
  public func remove(_ names: [String], currentDirectory: String? = nil) throws(StoreError)
    -> [LocatedBookmark]
  {
    try bookmarkEditor.remove(names, currentDirectory: currentDirectory)
  }
}
