#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Library text that reaches the command line as a plain English string (a problem kept in
/// the index cache, a finding, an error wrapped in another) put back into the reader's
/// language: the library writes its sentences as `Message` literals, so each is one of the
/// catalog's keys with values in its `%@` places, and matching the keys recovers the values.
extension Catalog {
  /// The keys with values, for `translating(_:)`: built on first use, as most runs never
  /// meet library text and start-up should not pay for sorting them.
  var patterns: [SentencePattern] {
    switch language {
    case .english: return []
    case .korean: return Self.koreanPatterns
    case .japanese: return Self.japanesePatterns
    }
  }

  private static let koreanPatterns = SentencePattern.all(Catalog.shared(.korean).entries.keys)
  private static let japanesePatterns = SentencePattern.all(
    Catalog.shared(.japanese).entries.keys)

  /// `sentence` in this catalog's language when it is one of the catalog's messages (values
  /// that are messages themselves translated too), else `sentence` as it is.
  public func translating(_ sentence: String) -> String {
    MessageAudit.check(sentence)
    guard language != .english else { return sentence }
    return translating(sentence, depth: 0)
  }

  private func translating(_ sentence: String, depth: Int) -> String {
    guard depth < 4 else { return sentence }
    if let exact = entries[Message.escaped(sentence)] { return exact }
    if let (pattern, values) = reading(of: sentence, depth: depth) {
      let inner = values.enumerated().map { place, value in
        pattern.isQuoted(place) ? value : translating(value, depth: depth + 1)
      }
      return text(Message(key: pattern.key, arguments: inner))
    }
    if let clauses = Self.clauses(of: sentence) {
      return clauses.map { translating($0, depth: depth + 1) }.joined(separator: "; ")
    }
    return sentence
  }

  /// The key `sentence` is, with its values: of the ways it reads as a key, the first whose
  /// values are messages too (`Finished …: Rename tag a → b (3 bookmarks) (4 files …)` splits
  /// at the second parenthesis, not the first), else the first.
  func reading(of sentence: String, depth: Int) -> (SentencePattern, [String])? {
    var first: (SentencePattern, [String])?
    for pattern in patterns {
      for values in pattern.matches(sentence) {
        let readable = values.enumerated().allSatisfy { place, value in
          pattern.isQuoted(place) || untranslated(in: value, depth: depth + 1) == nil
        }
        if readable { return (pattern, values) }
        if first == nil { first = (pattern, values) }
      }
    }
    return first
  }

  /// The clauses of a sentence of several joined by `; ` (a change's fields), outside quotes;
  /// nil for one clause.
  static func clauses(of sentence: String) -> [String]? {
    guard sentence.contains("; ") else { return nil }
    var clauses: [String] = []
    var current = ""
    var quoted = false
    var rest = Substring(sentence)
    while let character = rest.first {
      if character == "\"" { quoted.toggle() }
      if !quoted && rest.hasPrefix("; ") {
        clauses.append(current)
        current = ""
        rest = rest.dropFirst(2)
        continue
      }
      current.append(character)
      rest = rest.dropFirst()
    }
    clauses.append(current)
    return clauses.count > 1 ? clauses : nil
  }
}

/// A key as literal pieces between its `%@` places.
struct SentencePattern: Sendable {
  let key: String
  let pieces: [String]

  /// Keys with values, in the order they are tried.
  ///
  /// Those that start with their own words come first, then the most literal text, so a
  /// specific sentence wins over a general one that would also match, and
  /// `Delete 3 bookmarks` is `Delete %@` of `%@ bookmarks`, not the other way round. A key with
  /// little literal text matches too much (`%@ and %@`), unless it starts with a word of its
  /// own (`Add %@`, a commit's subject) or with a name in quotes (`'%@': %@`, a note about
  /// one file), which says what the rest is about.
  static func all(_ keys: some Sequence<String>) -> [SentencePattern] {
    keys.filter { $0.contains("%@") }
      .map { key in
        SentencePattern(
          key: key,
          pieces: key.components(separatedBy: "%@").map {
            $0.replacing("%%", with: "%")
          })
      }
      .filter {
        $0.pieces.joined().count >= 6
          || ($0.pieces[0].count >= 4 && $0.pieces[0].first?.isUppercase == true)
          || ($0.pieces[0] == "'" && $0.pieces.count > 2 && $0.pieces[1].hasPrefix("'"))
      }
      .sorted {
        ($0.pieces[0].isEmpty ? 0 : 1, $0.pieces.joined().count, $0.key)
          > ($1.pieces[0].isEmpty ? 0 : 1, $1.pieces.joined().count, $1.key)
      }
  }

  /// True when the value at `place` stands in quotes (`'%@'`, `"%@"`): a name the user gave
  /// (a path, a title, a tag), which stays as it is even when it reads like a message; a tag
  /// called `tags` is not the word "tags".
  func isQuoted(_ place: Int) -> Bool {
    guard let before = pieces[place].last, let after = pieces[place + 1].first else {
      return false
    }
    return before == after && (before == "'" || before == "\"")
  }

  /// The values when `text` is this sentence, nil when it is not.
  func match(_ text: String) -> [String]? { matches(text).first }

  /// Every way `text` is this sentence (a value may hold a piece's text), the shortest first
  /// values first; at most `limit`.
  func matches(_ text: String, limit: Int = 8) -> [[String]] {
    guard let first = pieces.first, let last = pieces.last, text.hasPrefix(first) else {
      return []
    }
    let body = text.dropFirst(first.count)
    guard body.count >= last.count else { return [] }
    var found: [[String]] = []
    matches(body, from: 1, lastPiece: last, values: [], into: &found, limit: limit)
    return found
  }

  private func matches(
    _ rest: Substring, from index: Int, lastPiece: String, values: [String],
    into found: inout [[String]], limit: Int
  ) {
    guard found.count < limit else { return }
    if index == pieces.count - 1 {
      guard rest.hasSuffix(lastPiece) else { return }
      found.append(values + [String(rest.dropLast(lastPiece.count))])
      return
    }
    let piece = pieces[index]
    var start = rest.startIndex
    while found.count < limit, !piece.isEmpty, let place = rest[start...].firstRange(of: piece) {
      let value = String(rest[..<place.lowerBound])
      matches(
        rest[place.upperBound...], from: index + 1, lastPiece: lastPiece, values: values + [value],
        into: &found, limit: limit)
      guard place.lowerBound < rest.endIndex else { break }
      start = rest.index(after: place.lowerBound)
    }
  }
}
