import HolderCore

/// One saved bookmark that is a near-duplicate of a URL, and how their URLs differ.
public struct NearDuplicateMatch: Sendable {
  /// The bookmark saved already.
  public var located: LocatedBookmark
  /// How its URL differs from the one asked about.
  public var differences: [NearDuplicate.Difference]
}

/// Finding near-duplicates of one URL in the index without looking at every bookmark.
///
/// Near-duplicates differ only in what the path function leaves out of a file's folder
/// (scheme, `www.`, a trailing `/`, the fragment), so they share the host folder: the sorted
/// paths give its bookmarks by binary search, and only those are decoded.
extension BookmarkIndex {
  /// The bookmarks whose URL is a near-duplicate of `url` (normalised), other than `url`
  /// itself, ordered by path.
  public func nearDuplicates(of url: String) -> [NearDuplicateMatch] {
    let path = BookmarkPath.relativePath(forNormalizedURL: url)
    guard let slash = path.lastIndex(of: "/") else { return [] }
    let folder = String(path[...slash])
    let key = NearDuplicate.key(of: url)
    var matches: [NearDuplicateMatch] = []
    var position = image.firstPosition(notBefore: folder.utf8)
    while position < image.count, image.pathBytes(position).starts(with: folder.utf8) {
      defer { position += 1 }
      // Only files of this folder, not of a deeper one (there are none in a store).
      guard !image.pathBytes(position).dropFirst(folder.utf8.count).contains(UInt8(ascii: "/")),
        let bookmark = image.bookmark(position), bookmark.url != url,
        NearDuplicate.key(of: bookmark.url) == key
      else { continue }
      matches.append(
        NearDuplicateMatch(
          located: LocatedBookmark(path: image.path(position), bookmark: bookmark),
          differences: NearDuplicate.differences(bookmark.url, from: url)))
    }
    return matches
  }
}
