/// The three shapes of URL: with an authority, `file:`, and opaque (`mailto:`).
extension URLNormalizer {
  /// `scheme://authority/path?query#fragment` from `text`, which starts at the authority.
  static func hierarchical(
    _ scheme: String, _ text: Substring, requiresHost: Bool, url: String
  ) throws(URLInputError) -> String {
    let authorityEnd = text.firstDelimiter(in: "/?#") ?? text.endIndex
    let authority = Authority(text[..<authorityEnd])
    let host = try HostNormalizer.normalize(String(authority.host), url: url)
    if host.isEmpty, requiresHost || authority.userinfo != nil || authority.port != nil {
      throw .missingHost(url: url)
    }
    let port = try authority.normalizedPort(scheme: scheme, url: url)
    return scheme + "://" + authority.normalizedUserinfo() + host + port
      + pathQueryFragment(text[authorityEnd...])
  }

  /// `file://host/path`: `localhost` and a missing host both become `file:///path`.
  static func fileURL(_ rest: Substring, url: String) throws(URLInputError) -> String {
    var host = ""
    var remainder = rest
    if rest.startsWithDelimiters("//") {
      let afterSlashes = rest.droppingDelimiters(2)
      let end = afterSlashes.firstDelimiter(in: "/?#") ?? afterSlashes.endIndex
      host = try HostNormalizer.normalize(String(afterSlashes[..<end]), url: url)
      if host == "localhost" { host = "" }
      remainder = afterSlashes[end...]
    }
    if let first = remainder.unicodeScalars.first, !"/?#".unicodeScalars.contains(first) {
      remainder = "/" + remainder
    }
    return "file://" + host + pathQueryFragment(remainder)
  }

  /// `scheme:` and the rest with canonical escapes; nothing else is touched.
  static func opaque(_ scheme: String, _ rest: Substring) -> String {
    var body = rest
    var fragment = ""
    if let hash = rest.firstDelimiter(in: "#") {
      body = rest[..<hash]
      fragment = "#" + PercentEncoding.canonical(rest.after(delimiterAt: hash), for: .fragment)
    }
    return scheme + ":" + PercentEncoding.canonical(body, for: .opaque) + fragment
  }

  /// The path (at least `/`), the query without tracking parameters, and the fragment.
  private static func pathQueryFragment(_ text: Substring) -> String {
    var rest = text
    var fragment: Substring?
    if let hash = rest.firstDelimiter(in: "#") {
      fragment = rest.after(delimiterAt: hash)
      rest = rest[..<hash]
    }
    var query: Substring?
    if let mark = rest.firstDelimiter(in: "?") {
      query = rest.after(delimiterAt: mark)
      rest = rest[..<mark]
    }
    var result = DotSegments.removed(from: PercentEncoding.canonical(rest, for: .path))
    if result.isEmpty { result = "/" }
    if let query {
      let canonical = PercentEncoding.canonical(query, for: .query)
      let kept = TrackingParameters.removing(from: canonical)
      // Only a query emptied by the removal loses its `?`; a bare `?` was typed on purpose.
      if !kept.isEmpty || canonical.isEmpty { result += "?" + kept }
    }
    if let fragment {
      result += "#" + PercentEncoding.canonical(fragment, for: .fragment)
    }
    return result
  }
}
