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
  static func host(of url: String) -> String {
    guard let range = url.range(of: "://") else { return "" }
    var host = url[range.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
    if !host.hasPrefix("["), let colon = host.lastIndex(of: ":") { host = host[..<colon] }
    if host.hasPrefix("www.") { host = host.dropFirst(4) }
    // A normalised URL's host is lowercase ASCII already; only a hand edit can differ.
    return host.utf8.allSatisfy({ !(0x41...0x5A).contains($0) && $0 < 0x80 })
      ? String(host) : host.lowercased()
  }
}
