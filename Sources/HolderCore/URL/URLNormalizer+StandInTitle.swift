/// The title a link gets when it is saved with none typed and no page title fetched.
extension URLNormalizer {
  /// `normalized` without its scheme, `www.` and last slash, decoded: what a person would
  /// call the link (`ko.wikipedia.org/wiki/서울`).
  public static func standInTitle(for normalized: String) -> String {
    var readable = readable(normalized)
    for prefix in ["https://", "http://"] where readable.hasPrefix(prefix) {
      readable.removeFirst(prefix.count)
      if readable.hasPrefix("www.") { readable.removeFirst(4) }
      if readable.hasSuffix("/") { readable.removeLast() }
    }
    return readable
  }
}

extension Bookmark {
  /// True when the title is one a person gave: neither the link's stand-in nor the fetched
  /// page's title, which a later fetch or a second save may replace.
  public var hasTypedTitle: Bool {
    !title.isEmpty && title != metadata?.title
      && title != URLNormalizer.standInTitle(for: url)
  }
}
