// Markup built in Swift: a page's literal text is markup, every value put into it is escaped
// unless it is `HTML` already, so escaping is the default and cannot be forgotten; and `t`, the
// pages' English words in the reader's language.
import Localization

/// A piece of a page: markup, safe to send as it is.
struct HTML: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
  private(set) var markup: String

  /// Markup written in the program (a literal); values come in through interpolation.
  init(stringLiteral markup: String) { self.markup = markup }

  init(stringInterpolation: StringInterpolation) { markup = stringInterpolation.markup }

  /// Text that is markup already; never a value that came from a request or the store.
  init(trusted markup: String) { self.markup = markup }

  static let empty: HTML = ""

  var description: String { markup }

  /// The markup of `items` one after another.
  static func each<S: Sequence>(_ items: S, _ item: (S.Element) -> HTML) -> HTML {
    var markup = ""
    for element in items { markup += item(element).markup }
    return HTML(trusted: markup)
  }

  /// `markup` when `condition` holds, else nothing.
  static func when(_ condition: Bool, _ markup: @autoclosure () -> HTML) -> HTML {
    condition ? markup() : .empty
  }

  /// Text as it reads in HTML: `& < > " '` escaped, in an element or an attribute alike.
  static func escaped(_ text: some StringProtocol) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(character)
      }
    }
    return out
  }

  struct StringInterpolation: StringInterpolationProtocol {
    var markup = ""

    init(literalCapacity: Int, interpolationCount: Int) {
      markup.reserveCapacity(literalCapacity + 16 * interpolationCount)
    }

    mutating func appendLiteral(_ literal: String) { markup += literal }

    /// A value: escaped.
    mutating func appendInterpolation(_ text: some StringProtocol) {
      markup += HTML.escaped(text)
    }

    mutating func appendInterpolation(_ number: some BinaryInteger) {
      markup += String(number)
    }

    /// Markup: as it is.
    mutating func appendInterpolation(_ html: HTML) { markup += html.markup }
  }
}

/// The English words of a page with the values in them, as `t` takes them: the words are the
/// catalog's key (each value a `%@`, each `%` a `%%`), the values escaped.
struct Phrase: ExpressibleByStringInterpolation {
  var key = ""
  var words: [String] = []
  var values: [HTML] = []

  init(stringLiteral text: String) {
    words = [text]
    key = text.replacing("%", with: "%%")
  }

  init(stringInterpolation: StringInterpolation) {
    key = stringInterpolation.key
    words = stringInterpolation.words + [stringInterpolation.pending]
    values = stringInterpolation.values
  }

  struct StringInterpolation: StringInterpolationProtocol {
    var key = ""
    var words: [String] = []
    var pending = ""
    var values: [HTML] = []

    init(literalCapacity: Int, interpolationCount: Int) {}

    mutating func appendLiteral(_ literal: String) {
      key += literal.replacing("%", with: "%%")
      pending += literal
    }

    mutating func appendInterpolation(_ text: some StringProtocol) {
      appendInterpolation(HTML("\(text)"))
    }

    mutating func appendInterpolation(_ number: some BinaryInteger) {
      appendInterpolation(HTML("\(number)"))
    }

    mutating func appendInterpolation(_ html: HTML) {
      key += "%@"
      words.append(pending)
      pending = ""
      values.append(html)
    }
  }
}

/// `phrase` in the reader's language: the translation's own words escaped, its `%@` (or
/// `%1$@`) the phrase's values; the English words as written when the language is English or
/// the catalog lacks the phrase.
func t(_ phrase: Phrase) -> HTML {
  let catalog = Reader.catalog
  guard catalog.language != .english, let format = catalog.entries[phrase.key] else {
    var markup = ""
    for (index, words) in phrase.words.enumerated() {
      markup += words
      if index < phrase.values.count { markup += phrase.values[index].markup }
    }
    return HTML(trusted: markup)
  }
  return HTML(trusted: Reader.filled(format, with: phrase.values.map(\.markup)))
}
