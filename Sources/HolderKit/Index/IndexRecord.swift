import HolderCore

/// One file under `bookmarks/` as just read: a bookmark with what search needs, or a problem.
///
/// `IndexImageBuilder` lays records out in an image.
struct IndexRecord: Sendable {
  enum Content: Sendable {
    case bookmark(Bookmark, SearchEntry)
    /// A broken or refused file: reported on every read, re-read only when its stamp moves.
    case problem(String)
  }

  /// The store-relative path.
  var path: String
  /// The stamp the file had when it was read.
  var stamp: FileStamp
  var content: Content
}
