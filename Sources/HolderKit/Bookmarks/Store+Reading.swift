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

// The store's verbs that read bookmarks (by path, link or name; lists; what to open); the
// work is `BookmarkReader`'s.

extension Store {
  /// Reads and decodes the bookmark file at the store-relative `path`, never following links.
  public func bookmark(atPath path: String) throws(StoreError) -> Bookmark {
    try reader.bookmark(atPath: path)
  }

  /// The bookmark saved for `url` (already normalised), when there is one: one file lookup.
  public func bookmark(forNormalizedURL url: String) throws(StoreError) -> LocatedBookmark? {
    try reader.bookmark(forNormalizedURL: url)
  }

  /// Reads every bookmark file of the work tree, hand edits included.
  ///
  /// A broken file, a link or anything else that is not a regular JSON file
  /// under `bookmarks/` is reported as a problem and never stops the others.
  public func snapshot() -> StoreSnapshot {
    reader.snapshot()
  }

  /// Finds the bookmark a person named: by file path, id, URL, or unambiguous id prefix;
  /// never by reading every file.
  public func resolve(_ name: String, currentDirectory: String? = nil) throws(StoreError)
    -> LocatedBookmark
  {
    try reader.resolve(name, currentDirectory: currentDirectory)
  }

  /// The bookmarks that pass `filter`, most recently changed first, and the unreadable files.
  ///
  /// Uses the index, which sees hand edits at once. A read: the tag views are brought up to
  /// date by the next write, not here.
  public func list(_ filter: ListFilter = ListFilter()) -> StoreSnapshot {
    reader.list(filter)
  }

  /// As `list`, but a tag no bookmark carries is `tagNotFound` (a mistyped tag is an error,
  /// not an empty listing), told by the same index: a second one would stat every file again.
  public func listNamingATag(_ filter: ListFilter) throws(StoreError) -> StoreSnapshot {
    try reader.listNamingATag(filter)
  }

  /// Throws `tagNotFound` for the first of `tags` that no bookmark carries, itself or a tag
  /// under it, so a filter with a mistyped tag is an error rather than an empty result.
  public func checkTagsExist(_ tags: [String]) throws(StoreError) {
    try reader.checkTagsExist(tags)
  }

  /// The URL of the bookmark a person named, when it is safe to open.
  public func urlToOpen(_ name: String, currentDirectory: String? = nil) throws(StoreError)
    -> LocatedBookmark
  {
    try reader.urlToOpen(name, currentDirectory: currentDirectory)
  }

  /// The newest commit on HEAD that changed the file at `path`; nil when none did.
  public func lastCommit(touching path: String) throws(StoreError) -> FileCommit? {
    try reader.lastCommit(touching: path)
  }
}
