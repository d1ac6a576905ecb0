/// What a page says about itself, read from its HTML before any further network check.
public struct ExtractedMetadata: Hashable, Sendable {
  /// The page's title (Open Graph, then Twitter, then `<title>`), on one line.
  public var title: String?
  /// The page's description (Open Graph, then Twitter, then `meta name=description`).
  public var description: String?
  /// The absolute URL of the page's preview image.
  public var image: String?
  /// Icons the page links to, absolute, the best first.
  public var icons: [String]
  /// `/favicon.ico` of the page's host: the icon to try when the page links none.
  public var fallbackIcon: String?

  /// Makes a value; every field is optional.
  public init(
    title: String? = nil, description: String? = nil, image: String? = nil,
    icons: [String] = [], fallbackIcon: String? = nil
  ) {
    self.title = title
    self.description = description
    self.image = image
    self.icons = icons
    self.fallbackIcon = fallbackIcon
  }
}
