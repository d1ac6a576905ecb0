import HolderCore

/// The near-duplicates `add` mentions after saving a link, read from one host folder.
///
/// Near-duplicates differ only in what the path function leaves out (scheme, `www.`, a trailing
/// `/`, the fragment), so they share the host folder and the file name's slug: listing that one
/// folder and reading the files of the same slug costs the same at 100 bookmarks as at 100k,
/// where refreshing the whole index for one `add` would stat every file.
extension Deduplicator {
  /// See `Store.nearDuplicates`.
  func nearDuplicates(ofNormalizedURL url: String) -> [NearDuplicateMatch] {
    let path = BookmarkPath.relativePath(forNormalizedURL: url)
    let (folder, name) = path.folderAndName
    guard let entries = try? store.rootDirectory.directory(folder).entries() else { return [] }
    let slug = Self.slug(ofFileName: name)
    let key = NearDuplicate.key(of: url)
    var matches: [NearDuplicateMatch] = []
    for entry in entries.sorted(by: { $0.name < $1.name }) {
      guard entry.kind == .file, entry.name != name, entry.name.hasSuffix(".json"),
        Self.slug(ofFileName: entry.name) == slug
      else { continue }
      let candidate = folder + "/" + entry.name
      // A broken or unreadable file is check's to report, not add's.
      guard let bookmark = try? store.reader.bookmark(atPath: candidate), bookmark.url != url,
        NearDuplicate.key(of: bookmark.url) == key
      else { continue }
      matches.append(
        NearDuplicateMatch(
          located: LocatedBookmark(path: candidate, bookmark: bookmark),
          differences: NearDuplicate.differences(bookmark.url, from: url)))
    }
    return matches
  }

  /// `<slug>` of `<slug>-<hash>.json`, empty for `<hash>.json`.
  private static func slug(ofFileName name: String) -> Substring {
    guard let dash = name.lastIndex(of: "-") else { return "" }
    return name[..<dash]
  }
}
