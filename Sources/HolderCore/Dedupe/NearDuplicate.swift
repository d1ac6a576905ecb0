/// Near-duplicates: saved URLs that are most likely one page.
///
/// They stay different bookmarks (they can be different pages): `…/swift` and `…/swift/`, `http://www.` and `https://`, with and
/// without `#section`. `add` says when it saves one, `check` lists them, `dedupe` merges them.
public enum NearDuplicate {
  /// How one URL differs from another of its group, in words.
  public enum Difference: String, Hashable, Sendable, CaseIterable {
    case scheme = "http/https"
    case www = "www."
    case trailingSlash = "trailing /"
    case fragment = "#fragment"
  }

  /// The key two near-duplicates share.
  ///
  /// The normalised URL without its fragment, with `http` read as `https`, without a leading
  /// `www.` and without a `/` ending a path longer than `/`. Cheap (one pass, no allocation
  /// beyond the result), so `add` can afford it.
  public static func key(of normalizedURL: String) -> String {
    parts(of: normalizedURL).key
  }

  /// The ways `url` differs from `other` (both normalised) that the key leaves out; empty
  /// when they are the same URL.
  public static func differences(_ url: String, from other: String) -> [Difference] {
    let a = parts(of: url)
    let b = parts(of: other)
    var result: [Difference] = []
    if a.scheme != b.scheme { result.append(.scheme) }
    if a.www != b.www { result.append(.www) }
    if a.slash != b.slash { result.append(.trailingSlash) }
    if a.fragment != b.fragment { result.append(.fragment) }
    return result
  }

  private struct Parts {
    var key: String
    var scheme: Substring
    var www = false
    var slash = false
    var fragment: Substring?
  }

  private static func parts(of url: String) -> Parts {
    var rest = url[...]
    var fragment: Substring?
    if let hash = rest.firstIndex(of: "#") {
      fragment = rest[rest.index(after: hash)...]
      rest = rest[..<hash]
    }
    guard let colon = rest.firstIndex(of: ":") else {
      return Parts(key: String(rest), scheme: "", fragment: fragment)
    }
    let scheme = rest[..<colon]
    var body = rest[rest.index(after: colon)...]
    var parts = Parts(key: "", scheme: scheme, fragment: fragment)
    let hierarchical = body.hasPrefix("//")
    if hierarchical {
      body = body.dropFirst(2)
      if body.hasPrefix("www."), body.count > 4 {
        parts.www = true
        body = body.dropFirst(4)
      }
    }
    // The path's last `/`, before any query: `/swift/?q=1` and `/swift?q=1` are one key.
    let pathEnd = body.firstIndex(of: "?") ?? body.endIndex
    var path = body[..<pathEnd]
    let query = body[pathEnd...]
    if hierarchical, path.hasSuffix("/"),
      let firstSlash = path.firstIndex(of: "/"), path.index(after: firstSlash) < path.endIndex
    {
      parts.slash = true
      path = path.dropLast()
    }
    let keyScheme = scheme == "http" ? "https" : String(scheme)
    parts.key = keyScheme + ":" + (hierarchical ? "//" : "") + path + query
    return parts
  }
}

extension NearDuplicate {
  /// The groups of two or more of `urls` (normalised) that share a key, each in the order
  /// given, the groups ordered by their first member's position.
  public static func groups(_ urls: [String]) -> [[Int]] {
    var byKey: [String: [Int]] = [:]
    var order: [String] = []
    for (position, url) in urls.enumerated() {
      let key = key(of: url)
      if byKey[key] == nil { order.append(key) }
      byKey[key, default: []].append(position)
    }
    return order.compactMap { byKey[$0] }.filter { $0.count > 1 }
  }

  /// Every way the URLs of a group differ from the first, once each, in a fixed order.
  public static func differences(among urls: [String]) -> [Difference] {
    guard let first = urls.first else { return [] }
    let found = Set(urls.dropFirst().flatMap { differences($0, from: first) })
    return Difference.allCases.filter(found.contains)
  }
}
