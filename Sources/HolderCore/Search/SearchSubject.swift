/// What search reads of one bookmark.
///
/// `SearchEntry` holds it as values; an index laid out for
/// scanning shows it from its own arrays without making an object per bookmark.
public protocol SearchSubject {
  /// The folded fields.
  var document: SearchDocument { get }
  var favorite: Bool { get }
  var created: Timestamp { get }
  var lastModified: Timestamp { get }
  /// True when one of the tags is `key` (a `Bookmark.tagKey` without outer slashes) or a
  /// tag under it.
  func isTagged(_ key: String) -> Bool
  /// True when the host is `site` or a host under it (`site:example.org` takes
  /// `docs.example.org`).
  func isOn(site: String) -> Bool
}

extension SearchEntry: SearchSubject {
  public func isTagged(_ key: String) -> Bool {
    tagKeys.contains { $0 == key || $0.hasPrefix(key + "/") }
  }

  public func isOn(site: String) -> Bool {
    host == site || host.hasSuffix("." + site)
  }
}
