import Foundation
import Localization

/// English left in what a Korean or Japanese reader is shown, for the language tests of the
/// command line and the web app.
///
/// Two nets: every run of three words of a catalog key (a sentence the catalog knows but the
/// code printed in English), and every run of three or more plain English words that holds a
/// function word such as "the", "is" or "to" (a sentence the catalog has never seen). What is
/// data stays out of both: text in quotes (names the user gave, commands as typed), URLs,
/// paths, file and host names, options, `<placeholders>`, numbers.
public enum EnglishText {
  /// The runs of English sentences in `text`, sorted; empty when there are none.
  public static func runs(in text: String) -> [String] {
    let plain = plainPieces(of: text)
    let known = catalogRuns.filter { run in plain.contains { " \($0) ".contains(" \(run) ") } }
    return Set(known).union(functionWordRuns(in: text)).sorted()
  }

  /// The runs in a web page: its visible text and the attributes people read (titles,
  /// placeholders, labels for screen readers, alternative texts); markup, scripts and styles
  /// are not read.
  public static func runs(inPage page: String) -> [String] {
    runs(in: readableText(ofPage: page))
  }

  /// Every run of three plain English words in the catalog's keys.
  public static let catalogRuns: Set<String> = {
    var runs: Set<String> = []
    for key in Catalog.entries(of: .korean).keys {
      // Quoted text names commands ('holder-git tag move'), which stay as they are typed; an
      // apostrophe inside a word (the remote's URL) opens or closes no quote.
      let unquoted = key.replacingOccurrences(
        of: "(?<![A-Za-z])'[^']*'(?![A-Za-z])", with: "", options: .regularExpression)
      for piece in unquoted.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0 == " ")) }) {
        let words = piece.split(separator: " ")
        guard words.count >= 3 else { continue }
        for start in 0...(words.count - 3) {
          runs.insert(words[start..<start + 3].joined(separator: " ").lowercased())
        }
      }
    }
    return runs
  }()

  /// Words that English sentences cannot do without and names, titles and tags rarely hold.
  public static let functionWords: Set<String> = [
    "a", "an", "the", "is", "are", "was", "were", "be", "been", "being", "am", "to", "of",
    "and", "or", "not", "no", "nor", "in", "on", "at", "by", "for", "from", "with", "without",
    "into", "onto", "as", "it", "its", "this", "that", "these", "those", "there", "here",
    "cannot", "can", "could", "will", "would", "should", "must", "may", "has", "have", "had",
    "do", "does", "did", "don't", "doesn't", "isn't", "aren't", "wasn't", "can't", "won't",
    "which", "what", "when", "where", "who", "whose", "than", "then", "but", "if", "so", "yet",
    "your", "you", "we", "our", "they", "their", "them", "he", "she", "his", "her", "one",
    "all", "any", "some", "each", "every", "none", "only", "also", "after", "before", "about",
    "over", "under", "again", "still", "now",
  ]

  /// The runs of three or more plain words, outside quotes and data, that hold a function word.
  static func functionWordRuns(in text: String) -> [String] {
    var found: [String] = []
    var run: [String] = []
    func close() {
      // Every word capitalised is a name or a title ("A U Thor", a committer), not a sentence.
      let isName = run.allSatisfy { $0.first?.isUppercase == true }
      if run.count >= 3, !isName, run.contains(where: { functionWords.contains($0.lowercased()) }) {
        found.append(run.joined(separator: " ").lowercased())
      }
      run = []
    }
    for token in unquoted(text).split(whereSeparator: \.isWhitespace) {
      let opens = token.first.map { "([{".contains($0) } ?? false
      if opens { close() }
      let word = token.trimmingCharacters(in: CharacterSet(charactersIn: "([{)]},;:.!?"))
      guard isPlainWord(word) else {
        close()
        continue
      }
      run.append(word)
      // A clause ends at its punctuation; a comma only separates items of one sentence.
      if let last = token.last, ")]};:.!?".contains(last) { close() }
    }
    close()
    return found
  }

  /// A word of ASCII letters (an apostrophe inside, as in "isn't"); anything else is data or
  /// another language.
  static func isPlainWord(_ word: String) -> Bool {
    guard let first = word.first, first.isASCII, first.isLetter else { return false }
    return word.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "'") }
  }

  /// `text` with what is not prose made a break: quoted text, URLs, paths, options.
  static func unquoted(_ text: String) -> String {
    let patterns = [
      "(?<![A-Za-z])'[^'\\n]*'(?![A-Za-z])", "\"[^\"\\n]*\"", "‘[^’\\n]*’", "“[^”\\n]*”",
      "「[^」\\n]*」", "<[^>\\n]*>", "`[^`\\n]*`",
      // A URL, a path, a host or file name, an option, an environment variable, a number.
      "[A-Za-z][A-Za-z0-9+.-]*://\\S*", "\\S*[/\\\\@=_$#%~*|]\\S*",
      "\\S*[A-Za-z0-9]\\.[A-Za-z0-9]\\S*",
      "(?<!\\S)-{1,2}[A-Za-z0-9]\\S*", "\\S*[0-9]\\S*",
    ]
    var text = text
    for pattern in patterns {
      text = text.replacingOccurrences(of: pattern, with: " ¦ ", options: .regularExpression)
    }
    return text
  }

  /// The text's runs of ASCII letters and spaces, lowercased, for the catalog's runs.
  static func plainPieces(of text: String) -> [String] {
    text.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0 == " ")) })
      .map { $0.split(separator: " ").joined(separator: " ").lowercased() }
  }

  /// A page's text as a reader meets it: the text between tags, one line per element, and the
  /// attributes that are read aloud or shown.
  static func readableText(ofPage page: String) -> String {
    var page = page
    for pattern in ["(?is)<script\\b.*?</script>", "(?is)<style\\b.*?</style>", "(?s)<!--.*?-->"] {
      page = page.replacingOccurrences(of: pattern, with: "\n", options: .regularExpression)
    }
    var attributes: [String] = []
    let readable = try? NSRegularExpression(
      pattern: "\\b(?:title|placeholder|aria-label|alt|label)\\s*=\\s*\"([^\"]*)\"",
      options: [.caseInsensitive])
    let whole = NSRange(page.startIndex..., in: page)
    for match in readable?.matches(in: page, range: whole) ?? [] {
      if let range = Range(match.range(at: 1), in: page) { attributes.append(String(page[range])) }
    }
    let text = page.replacingOccurrences(of: "<[^>]*>", with: "\n", options: .regularExpression)
    return ([text] + attributes).joined(separator: "\n")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&nbsp;", with: " ")
  }
}
