/// What search needs to know of one bookmark: its folded text and the values filters test.
public struct SearchEntry: Hashable, Sendable {
  /// The folded fields.
  public var document: SearchDocument
  /// The tags' identities (`Bookmark.tagKey`), for `tag:` filters.
  public var tagKeys: [String]
  /// The URL's host, lowercase, without `www.`, for `site:` filters.
  public var host: String
  public var favorite: Bool
  public var created: Timestamp
  public var lastModified: Timestamp

  /// Makes an entry from stored parts (as an index cache keeps them).
  public init(
    document: SearchDocument, tagKeys: [String], host: String, favorite: Bool,
    created: Timestamp, lastModified: Timestamp
  ) {
    self.document = document
    self.tagKeys = tagKeys
    self.host = host
    self.favorite = favorite
    self.created = created
    self.lastModified = lastModified
  }

  /// Makes the entry of `bookmark`, folding its text with `folder`.
  public init(bookmark: Bookmark, folder: inout TextFolder) {
    self.init(
      document: SearchDocument(bookmark: bookmark, folder: &folder),
      tagKeys: bookmark.tags.map(Bookmark.tagKey), host: SearchEntry.host(of: bookmark.url),
      favorite: bookmark.favorite, created: bookmark.created,
      lastModified: bookmark.lastModified)
  }

  /// The host of a normalised URL, lowercase and without `www.`; empty when it has none.
  public static func host(of url: String) -> String {
    // Bytes, not Foundation's string search: this runs once per bookmark in an index build.
    let utf8 = Array(url.utf8)
    var start = 0
    while start + 2 < utf8.count
      && !(utf8[start] == 0x3A && utf8[start + 1] == 0x2F && utf8[start + 2] == 0x2F)
    {
      start += 1
    }
    guard start + 2 < utf8.count else { return "" }
    start += 3
    var end = start
    var at: Int?
    while end < utf8.count && utf8[end] != 0x2F && utf8[end] != 0x3F && utf8[end] != 0x23 {
      if utf8[end] == 0x40 { at = end }
      end += 1
    }
    if let at { start = at + 1 }
    if start < end && utf8[start] == 0x5B {
      if let close = utf8[start..<end].firstIndex(of: 0x5D) { end = close + 1 }
    } else if let colon = utf8[start..<end].lastIndex(of: 0x3A) {
      end = colon
    }
    var host = String(decoding: utf8[start..<max(start, end)], as: UTF8.self)
    // A normalised URL's host is lowercase ASCII already; only a hand edit can differ.
    if !host.utf8.allSatisfy({ !(0x41...0x5A).contains($0) && $0 < 0x80 }) {
      host = host.lowercased()
    }
    return host.hasPrefix("www.") && host.utf8.count > 4 ? String(host.dropFirst(4)) : host
  }
}
