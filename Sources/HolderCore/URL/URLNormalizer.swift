#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns what a user types or pastes into the stored form of a URL (DESIGN §2).
///
/// Accepted is what a browser would open: surrounding space is trimmed, tabs and line
/// breaks inside are dropped (as browsers do with pasted text), a bare `example.org/path`
/// gets `https://`, and non-ASCII text is welcome. The stored form has:
/// - the scheme and host in lower case, the host in IDNA (`xn--…`), IPv4 in dotted decimal,
///   IPv6 in brackets, `localhost` dropped from `file:` URLs (`file:///path`);
/// - UTF-8 percent-encoding with upper-case hex; unreserved characters (`A-Z a-z 0-9 - . _ ~`)
///   never escaped, and everything a component may not hold bare escaped;
/// - no default port (http 80, https 443, ftp 21, ws 80, wss 443), `/` for an empty path
///   after a host, dot segments resolved, the fragment kept;
/// - no tracking parameters: keys starting with `utm_`, and `fbclid`, `gclid`, `dclid`,
///   `gbraid`, `wbraid`, `msclkid`, `mc_cid`, `mc_eid`, `yclid`, `igshid`, `_ga`, `_gl`,
///   `twclid`, `ttclid` (case-sensitive, on the decoded key); a query left empty loses `?`.
///
/// URLs without `//` (`mailto:`, `urn:`, `tel:`, `magnet:`, `about:`) only get a lower-case
/// scheme and canonical escapes. `javascript:`, `data:` and `vbscript:` run code: they are
/// refused unless asked for, and then kept exactly as given but for the scheme's case.
/// Normalising is idempotent: `normalize(normalize(x)) == normalize(x)`.
public enum URLNormalizer {
  static let unsafeSchemes: Set<String> = ["javascript", "data", "vbscript"]
  /// Schemes that always have a host, where browsers accept `https:example.org` too.
  static let specialSchemes: Set<String> = ["http", "https", "ftp", "ws", "wss"]
  private static let knownSchemes =
    unsafeSchemes.union(specialSchemes).union(["file", "mailto", "urn", "tel", "magnet", "about"])

  /// The stored form of `input`, or the reason it is not a URL one can save.
  public static func normalize(
    _ input: String, allowingUnsafeSchemes: Bool = false
  ) throws(URLInputError) -> String {
    let trimmed = input.trimmingSpacesAndNewlines()
    guard !trimmed.isEmpty else { throw .empty }
    // Dropped before looking at the scheme, so `java\tscript:` is seen for what it is.
    let cleaned =
      trimmed.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
      ? String(
        String.UnicodeScalarView(
          trimmed.unicodeScalars.filter { !"\t\n\r".unicodeScalars.contains($0) }))
      : trimmed
    guard let (scheme, rest) = splitScheme(cleaned) else {
      return try bareHost(cleaned, input: trimmed)
    }
    if unsafeSchemes.contains(scheme) {
      guard allowingUnsafeSchemes else { throw .unsafeScheme(scheme) }
      guard let colon = trimmed[...].firstDelimiter(in: ":") else { throw .notAURL(trimmed) }
      return scheme + trimmed[colon...]
    }
    if scheme == "file" {
      return try fileURL(rest, url: trimmed)
    }
    if specialSchemes.contains(scheme) {
      let afterSlashes = rest.droppingLeadingDelimiters(in: "/\\")
      return try hierarchical(scheme, afterSlashes, requiresHost: true, url: trimmed)
    }
    if rest.startsWithDelimiters("//") {
      return try hierarchical(
        scheme, rest.droppingDelimiters(2), requiresHost: false, url: trimmed)
    }
    return opaque(scheme, rest)
  }

  /// The lower-cased scheme and what follows its `:`, or nil when `text` starts with none.
  ///
  /// `localhost:3000/x` and `example.org:8080` have a scheme by the grammar, but a number
  /// after the colon means a port to a person, so an unknown scheme followed by one is
  /// taken for a host.
  static func splitScheme(_ text: String) -> (scheme: String, rest: Substring)? {
    guard let colon = text[...].firstDelimiter(in: ":") else { return nil }
    let name = text[..<colon].unicodeScalars
    guard let first = name.first, isASCIILetter(first),
      name.allSatisfy({
        isASCIILetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
      })
    else { return nil }
    let scheme = String(name).lowercased()
    let rest = text[...].after(delimiterAt: colon)
    // Judged on the canonical text, so that `foo:%31`, stored as `foo:1`, reads the same way.
    let head = PercentEncoding.canonical(rest.upToDelimiter(in: "/?#"), for: .opaque)
    let startsWithPort = !head.isEmpty && head.allSatisfy { $0.isASCII && $0.isNumber }
    if !knownSchemes.contains(scheme), startsWithPort { return nil }
    return (scheme, rest)
  }

  /// `https://` plus `text` when it starts with something that looks like a host.
  private static func bareHost(_ text: String, input: String) throws(URLInputError) -> String {
    let body = text[...].startsWithDelimiters("//") ? text[...].droppingDelimiters(2) : text[...]
    let authority = body.upToDelimiter(in: "/?#")
    guard looksLikeHost(authority) else { throw .notAURL(input) }
    return try hierarchical("https", body, requiresHost: true, url: input)
  }

  /// A dotted name, `localhost` or an IPv6 literal, with an optional port and no userinfo
  /// (`someone@example.org` is an e-mail address, not a page).
  private static func looksLikeHost(_ authority: Substring) -> Bool {
    guard !authority.isEmpty, authority.firstDelimiter(in: "@") == nil,
      !authority.contains(where: \.isWhitespace)
    else { return false }
    if authority.startsWithDelimiters("[") { return true }
    let host = authority.upToDelimiter(in: ":")
    if host.lowercased() == "localhost" { return true }
    let labels = host.splitAtDelimiter(".")
    return labels.count >= 2 && !labels[0].isEmpty && !labels[1].isEmpty
  }

  private static func isASCIILetter(_ scalar: UnicodeScalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  /// Throws `.credentials` when the normalised `url` has a user name or password before its
  /// host; typed and imported links are checked, files already in a store are not.
  public static func refuseCredentials(_ url: String) throws(URLInputError) {
    guard let start = url.firstRange(of: "://")?.upperBound else { return }
    let authorityEnd = url[start...].firstIndex { "/?#".contains($0) } ?? url.endIndex
    guard let at = url[start..<authorityEnd].lastIndex(of: "@") else { return }
    throw .credentials(without: String(url[..<start]) + String(url[url.index(after: at)...]))
  }
}
