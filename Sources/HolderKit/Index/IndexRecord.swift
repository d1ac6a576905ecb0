import Git
import HolderCore

/// One entry under `bookmarks/` as the index knows it: a bookmark, or a problem to report.
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

/// What the index holds between runs: the commit it was brought up to date with, every
/// folder's stamp (to notice new files) and every record.
struct IndexState: Sendable {
  var commit: ObjectID?
  var folders: [String: FileStamp] = [:]
  var records: [String: IndexRecord] = [:]
}
