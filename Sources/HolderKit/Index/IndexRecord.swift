import Git
import HolderCore

/// One entry under `bookmarks/` as the index knows it: a bookmark, or a problem to report.
struct IndexRecord: Sendable {
  enum Content: Sendable {
    case bookmark(StoredBookmark, SearchEntry)
    /// A broken or refused file: reported on every read, re-read only when its stamp moves.
    case problem(String)
  }

  /// The store-relative path.
  var path: String
  /// The stamp the file had when it was read.
  var stamp: FileStamp
  var content: Content
}

/// A bookmark as read from its file, or still in the cache's binary form: a search decodes
/// only the bookmarks it shows.
enum StoredBookmark: Sendable {
  case decoded(Bookmark)
  case encoded(ArraySlice<UInt8>)

  /// The bookmark; nil only when the cache bytes are damaged.
  var bookmark: Bookmark? {
    switch self {
    case .decoded(let bookmark): bookmark
    case .encoded(let bytes): IndexCache.bookmark(from: bytes)
    }
  }
}

/// What the index holds between runs: the commit it was brought up to date with, every
/// folder's stamp (to notice new files) and every record, ordered by path.
struct IndexState: Sendable {
  var commit: ObjectID?
  var folders: [String: FileStamp] = [:]
  var records: [IndexRecord] = []
}
