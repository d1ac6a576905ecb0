/// The bookmarks' binary forms (`BookmarkIndexCache.encode`), one after another: in memory after an
/// image is built, or left in the saved file and read one at a time when shown, so a search
/// that shows 20 bookmarks reads 20 of them, not the store.
struct BlobStore: Sendable {
  enum Source: Sendable {
    case memory([UInt8])
    /// The blobs section of an open index file, starting at this byte.
    case file(ReadOnlyFile, offset: Int)
  }

  /// Where blob `n` ends; it starts where blob `n - 1` ends.
  let ends: [UInt64]
  let source: Source

  var count: Int { ends.count }
  var byteCount: Int { Int(ends.last ?? 0) }

  func range(_ position: Int) -> Range<Int> {
    (position == 0 ? 0 : Int(ends[position - 1]))..<Int(ends[position])
  }

  /// Blob `position`; nil when the file cannot be read there any more.
  func blob(_ position: Int) -> ArraySlice<UInt8>? {
    let range = range(position)
    switch source {
    case .memory(let bytes): return bytes[range]
    case .file(let file, let offset):
      return file.read(at: offset + range.lowerBound, count: range.count)?[...]
    }
  }

  /// Every blob in memory: one read for a command that shows (nearly) every bookmark.
  func loaded() -> BlobStore {
    guard case .file(let file, let offset) = source,
      let bytes = file.read(at: offset, count: byteCount)
    else { return self }
    return BlobStore(ends: ends, source: .memory(bytes))
  }
}
