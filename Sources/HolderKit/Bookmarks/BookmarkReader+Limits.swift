import HolderCore

// The limits a bookmark file must keep (`BookmarkLimits`), checked where a bookmark is written
// from a person's input, so that `add` and `edit` never save a file the store then refuses
// to read (an import checks each entry itself; files from a remote are checked at the gate).

extension BookmarkReader {
  /// `bookmark`'s file, or `.overLimit` naming the limit it is over.
  static func encodedWithinLimits(_ bookmark: Bookmark) throws(StoreError) -> [UInt8] {
    let bytes = BookmarkCodec.encode(bookmark)
    if let problem = BookmarkLimits.problem(bookmark, bytes: bytes) {
      throw .bookmark(.overLimit(url: bookmark.url, problem: problem))
    }
    return bytes
  }
}
