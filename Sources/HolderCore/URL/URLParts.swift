/// The pieces of a stored URL that its file path is made of, read without validating.
///
/// `BookmarkPath` must give an answer for any string, even a hand-edited URL that is not
/// normalised, so this never fails: a missing scheme reads as `unknown`.
struct URLParts {
  /// The lower-cased scheme, or `unknown`.
  var scheme: String
  /// The host with brackets for IPv6 but without userinfo and port; nil without `//`.
  var host: String?
  /// What follows the host (or `scheme:`) up to the fragment.
  var pathAndQuery: Substring

  init(_ url: String) {
    var rest = url[...]
    if let colon = url.firstIndex(of: ":"), URLParts.isScheme(url[..<colon]) {
      scheme = url[..<colon].lowercased()
      rest = url[url.index(after: colon)...]
    } else {
      scheme = "unknown"
    }
    if let hash = rest.firstIndex(of: "#") {
      rest = rest[..<hash]
    }
    guard rest.hasPrefix("//") else {
      pathAndQuery = rest
      return
    }
    let afterSlashes = rest.dropFirst(2)
    let end = afterSlashes.firstIndex { "/?".contains($0) } ?? afterSlashes.endIndex
    var authority = afterSlashes[..<end]
    if let at = authority.lastIndex(of: "@") {
      authority = authority[authority.index(after: at)...]
    }
    if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
      host = String(authority[...close])
    } else {
      host = String(authority.prefix { $0 != ":" })
    }
    pathAndQuery = afterSlashes[end...]
  }

  private static func isScheme(_ text: Substring) -> Bool {
    guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic
    else { return false }
    return text.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "+-.".unicodeScalars.contains(scalar))
    }
  }
}
