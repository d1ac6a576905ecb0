import HolderCore

/// One file under `bookmarks/` as just read: a bookmark with what search needs, or a problem.
///
/// `BookmarkIndexImageBuilder` lays records out in an image.
struct BookmarkIndexRecord: Sendable {
  enum Content: Sendable {
    /// A bookmark as the index keeps it: its id, its stored form (`BookmarkIndexCache`) and what
    /// search reads. The stored form is made by the reader on every core, and the decoded
    /// bookmark is not kept (at 100k, a rebuild held every one of them at once).
    case bookmark(BookmarkID, blob: [UInt8], SearchEntry)
    /// A broken or refused file: reported on every read, re-read only when its stamp moves.
    case problem(String)
  }

  /// The store-relative path.
  var path: String
  /// The stamp the file had when it was read.
  var stamp: FileStamp
  var content: Content
}
