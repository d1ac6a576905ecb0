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
    var low = 0
    var high = paths.count
    while low < high {
      let middle = (low + high) / 2
      if paths[middle] < folder { low = middle + 1 } else { high = middle }
    }
    var matches: [NearDuplicateMatch] = []
    var index = low
    while index < paths.count, paths[index].hasPrefix(folder) {
      defer { index += 1 }
      // Only files of this folder, not of a deeper one (there are none in a store).
      guard !paths[index].dropFirst(folder.count).contains("/"),
        let bookmark = stored[index].bookmark, bookmark.url != url,
        NearDuplicate.key(of: bookmark.url) == key
      else { continue }
      matches.append(
        NearDuplicateMatch(
          located: LocatedBookmark(path: paths[index], bookmark: bookmark),
          differences: NearDuplicate.differences(bookmark.url, from: url)))
    }
    return matches
  }
}
