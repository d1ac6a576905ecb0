/// Reads a page's title, description, preview image and icons from its parsed HTML (pure).
///
/// ### Algorithm
/// - Title: `og:title`, else `twitter:title`, else `<title>`; description: `og:description`,
///   else `twitter:description`, else `meta name=description` (a `property` or `name` may
///   list several, separated by spaces). The page's own words are
///   what sharing shows, so Open Graph goes first. White space runs become one space (an
///   ideographic space stays),
///   entities are decoded by the parser, and very long text is cut (title 300, description
///   1,000 characters).
/// - Image: `og:image:secure_url`, `og:image`, `og:image:url`, `twitter:image`,
///   `twitter:image:src`; resolved against `<base href>` (itself resolved against the page)
///   and kept only when it is an http or https URL.
/// - Icons: `link` elements whose `rel` has the token `icon`, `apple-touch-icon` or
///   `apple-touch-icon-precomposed`, ranked by their largest declared size up to 512 pixels
///   (`sizes="any"` and SVG count as 512; an apple-touch icon without sizes as 180, any
///   other as 16); bigger than 512 ranks below those, since it is a waste to fetch.
public enum MetadataExtractor {
  /// The metadata of `document`, a page fetched from `pageURL` (after redirects).
  public static func extract(from document: HTMLElement, pageURL: String) -> ExtractedMetadata {
    let head = document.firstDescendant(named: "head") ?? document
    var properties: [String: String] = [:]
    for meta in document.descendants(named: "meta") {
      guard let content = meta.attribute("content") else { continue }
      // RDFa lets `property` name several at once (`property="og:title twitter:title"`).
      let keys = [meta.attribute("property"), meta.attribute("name")].compactMap { $0 }
        .flatMap { $0.split(whereSeparator: { " \t\n\r\u{0C}".contains($0) }) }
      for key in keys {
        let name = key.lowercased()
        if properties[name] == nil, !content.trimmingASCIISpace().isEmpty {
          properties[name] = content
        }
      }
    }
    let base =
      document.firstDescendant(named: "base")?.attribute("href")
      .flatMap { URLResolver.resolve($0, against: pageURL) } ?? pageURL

    let titleElement =
      (head.firstDescendant(named: "title")
      ?? document.firstDescendant(
        named: "title"))?.text
    let title = first(["og:title", "twitter:title"], in: properties, or: titleElement)
      .flatMap { oneLine($0, limit: 300) }
    let description = first(
      ["og:description", "twitter:description", "description"], in: properties, or: nil
    ).flatMap { oneLine($0, limit: 1000) }
    let imageKeys = [
      "og:image:secure_url", "og:image", "og:image:url", "twitter:image", "twitter:image:src",
    ]
    let image = imageKeys.lazy.compactMap { properties[$0] }
      .compactMap { URLResolver.resolveWeb($0.trimmingASCIISpace(), against: base) }.first
    return ExtractedMetadata(
      title: title, description: description, image: image,
      icons: icons(in: document, base: base),
      fallbackIcon: URLResolver.resolveWeb("/favicon.ico", against: pageURL))
  }

  private static func first(_ keys: [String], in properties: [String: String], or fallback: String?)
    -> String?
  {
    for key in keys {
      if let value = properties[key], oneLine(value, limit: 1) != nil { return value }
    }
    return fallback
  }

  /// The text with every run of white space made one space (`TitleText`: an ideographic
  /// space stays), cut to `limit` characters.
  static func oneLine(_ text: String, limit: Int) -> String? {
    let joined = TitleText.oneLine(text)
    guard !joined.isEmpty else { return nil }
    guard joined.count > limit else { return joined }
    return String(joined.prefix(limit - 1)) + "…"
  }

  private static func icons(in document: HTMLElement, base: String) -> [String] {
    var ranked: [(score: Int, order: Int, url: String)] = []
    for (order, link) in document.descendants(named: "link").enumerated() {
      let tokens = Set(
        (link.attribute("rel") ?? "").lowercased().split(whereSeparator: { $0.isWhitespace })
          .map(String.init))
      let isApple = !tokens.isDisjoint(with: ["apple-touch-icon", "apple-touch-icon-precomposed"])
      guard tokens.contains("icon") || isApple,
        let href = link.attribute("href"),
        let url = URLResolver.resolveWeb(href.trimmingASCIISpace(), against: base),
        !ranked.contains(where: { $0.url == url })
      else { continue }
      let size = declaredSize(link.attribute("sizes"), href: href, isApple: isApple)
      let score = size > 512 ? 0 : size
      ranked.append((score, order, url))
    }
    return ranked.sorted { ($0.score, -$0.order) > ($1.score, -$1.order) }.map(\.url)
  }

  private static func declaredSize(_ sizes: String?, href: String, isApple: Bool) -> Int {
    var largest = 0
    for token in (sizes ?? "").lowercased().split(whereSeparator: { $0.isWhitespace }) {
      if token == "any" {
        largest = max(largest, 512)
        continue
      }
      let sides = token.split(separator: "x").compactMap { Int($0) }
      if sides.count == 2 { largest = max(largest, min(sides[0], sides[1])) }
    }
    if largest > 0 { return largest }
    if href.lowercased().hasSuffix(".svg") { return 512 }
    return isApple ? 180 : 16
  }
}
