/// Turns what a person types into a `SearchQuery`.
///
/// Grammar: space-separated words (AND); `"a phrase"`; `-word` and `-"a phrase"` exclude;
/// filters `tag:dev/swift`, `fav:yes`, `site:github.com`, `before:2025-01-01`,
/// `after:2025-01` (UTC dates; `before:` is exclusive, `after:` inclusive of the day),
/// each negatable with `-`. A word with an unknown `key:` is searched as a word.
public enum QueryParser {
  /// Parses `text`; the separate arguments of a command line may be joined with spaces.
  public static func parse(_ text: String) throws(SearchQueryError) -> SearchQuery {
    var query = SearchQuery()
    for token in try tokens(text) {
      var body = token.text
      var excluded = false
      if body.hasPrefix("-") && body.count > 1 && !token.quotedFromStart {
        excluded = true
        body.removeFirst()
      }
      if !token.quoted || token.colonBeforeQuote, let filter = try filter(body) {
        query.filters.append(excluded ? .not(filter) : filter)
        continue
      }
      query.terms.append(SearchTerm(body, excluded: excluded))
    }
    query.terms.removeAll { $0.folded.isEmpty && $0.initials == nil }
    return query
  }

  private struct Token {
    var text: String
    var quoted = false
    var quotedFromStart = false
    var colonBeforeQuote = false
  }

  /// Splits on white space outside quotes; quotes are removed, a quoted part keeps its spaces.
  private static func tokens(_ text: String) throws(SearchQueryError) -> [Token] {
    var result: [Token] = []
    var current: Token?
    var inQuote = false
    for character in text {
      if character == "\"" {
        var token = current ?? Token(text: "")
        if !inQuote {
          token.quoted = true
          if token.text.isEmpty { token.quotedFromStart = true }
          if token.text.hasSuffix(":") { token.colonBeforeQuote = true }
        }
        current = token
        inQuote.toggle()
      } else if character.isWhitespace && !inQuote {
        if let token = current { result.append(token) }
        current = nil
      } else {
        var token = current ?? Token(text: "")
        token.text.append(character)
        current = token
      }
    }
    if inQuote { throw .unterminatedQuote }
    if let current { result.append(current) }
    return result
  }

  private static func filter(_ token: String) throws(SearchQueryError) -> SearchFilter? {
    guard let colon = token.firstIndex(of: ":") else { return nil }
    let key = token[..<colon].lowercased()
    let value = String(token[token.index(after: colon)...])
    let known = ["tag", "fav", "site", "before", "after"]
    guard known.contains(key) else { return nil }
    guard !value.isEmpty else { throw .emptyFilter(filter: key) }
    switch key {
    case "tag":
      return .tag(value)
    case "fav":
      switch value.lowercased() {
      case "yes", "y", "true", "1": return .favorite(true)
      case "no", "n", "false", "0": return .favorite(false)
      default: throw .invalidFavorite(value: value)
      }
    case "site":
      return .site(siteHost(value))
    default:
      guard let start = dayStart(value) else { throw .invalidDate(filter: key, value: value) }
      return key == "before" ? .createdBefore(start) : .createdAfter(start)
    }
  }

  /// The host part of a `site:` value, lowercased, without scheme, path or `www.`.
  static func siteHost(_ value: String) -> String {
    var host = Substring(value.lowercased())
    if let range = host.firstRange(of: "://") { host = host[range.upperBound...] }
    host = host.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    if host.hasPrefix("www.") { host = host.dropFirst(4) }
    return String(host)
  }

  /// The first instant (UTC) of a `YYYY`, `YYYY-MM` or `YYYY-MM-DD` date.
  private static func dayStart(_ value: String) -> Timestamp? {
    let parts = value.split(separator: "-", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), parts[0].count == 4,
      parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) }),
      let year = Int64(parts[0])
    else { return nil }
    let month = parts.count > 1 ? Int64(parts[1]) ?? 0 : 1
    let day = parts.count > 2 ? Int64(parts[2]) ?? 0 : 1
    guard (1...12).contains(month),
      (1...CivilDate.daysInMonth(year: year, month: month)).contains(day)
    else { return nil }
    let days = CivilDate.days(year: year, month: month, day: day)
    return Timestamp(millisecondsSince1970: days * 86_400_000)
  }
}
