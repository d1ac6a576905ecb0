/// The display form of a stored URL.
extension URLNormalizer {
  /// `normalized` as people read it: `xn--` host labels in Unicode and escapes of non-ASCII
  /// text decoded (`https://ko.wikipedia.org/wiki/서울`).
  ///
  /// ASCII escapes stay (`%20`, `%2F`): decoding them would make another URL. Characters
  /// that could disguise the text (controls, bidi and zero-width marks, spaces) stay
  /// escaped too. Links that run code are shown exactly as stored.
  public static func readable(_ normalized: String) -> String {
    guard let colon = normalized.firstIndex(of: ":") else {
      return PercentEncoding.readable(normalized)
    }
    let scheme = normalized[..<colon]
    let rest = normalized[normalized.index(after: colon)...]
    if unsafeSchemes.contains(scheme.lowercased()) { return normalized }
    guard rest.hasPrefix("//") else {
      return scheme + ":" + PercentEncoding.readable(rest)
    }
    let afterSlashes = rest.dropFirst(2)
    let end = afterSlashes.firstIndex { "/?#".contains($0) } ?? afterSlashes.endIndex
    var hostAndPort = afterSlashes[..<end]
    var userinfo = ""
    if let at = hostAndPort.lastIndex(of: "@") {
      userinfo = PercentEncoding.readable(hostAndPort[...at])
      hostAndPort = hostAndPort[hostAndPort.index(after: at)...]
    }
    let hostEnd: Substring.Index
    if hostAndPort.hasPrefix("["), let close = hostAndPort.firstIndex(of: "]") {
      hostEnd = hostAndPort.index(after: close)
    } else {
      hostEnd = hostAndPort.firstIndex(of: ":") ?? hostAndPort.endIndex
    }
    return scheme + "://" + userinfo + HostNormalizer.readable(hostAndPort[..<hostEnd])
      + hostAndPort[hostEnd...] + PercentEncoding.readable(afterSlashes[end...])
  }
}

extension URLNormalizer {
  /// `text` with every link in it (`scheme://…`, up to a space, a quote or an angle bracket)
  /// in its readable form: for a line written before links were written readable, such as an
  /// older merge commit's list of what it settled, which people still read.
  public static func readableLinks(in text: String) -> String {
    guard text.contains("://") else { return text }
    var result = ""
    var rest = Substring(text)
    while let separator = rest.firstRange(of: "://") {
      // The scheme: the letters, digits, `+`, `-` and `.` right before `://`.
      let scheme = rest[..<separator.lowerBound].reversed().prefix {
        $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0))
      }
      let start = rest.index(separator.lowerBound, offsetBy: -scheme.count)
      let end =
        rest[separator.upperBound...].firstIndex {
          $0.isWhitespace || "\"'<>".contains($0)
        } ?? rest.endIndex
      result += rest[..<start]
      let link = rest[start..<end]
      result += scheme.isEmpty ? String(link) : readable(String(link))
      rest = rest[end...]
    }
    return result + rest
  }
}
