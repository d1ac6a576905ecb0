import Localization

/// The argument parser's own words (its errors, usage line, help headings) in the reader's
/// language: the parser prints English only, so its text is rewritten line by line.
enum ParserText {
  /// The parser's sentences, marked for the catalog (the values are placeholders).
  static let sentences: [Message] = [
    Message("Missing expected argument '\(0)'"),
    Message("Unknown option '\(0)'"),
    Message("Unknown option '\(0)'. Did you mean '\(0)'?"),
    Message("Unexpected argument '\(0)'"),
    Message("The value '\(0)' is invalid for '\(0)'"),
    Message("The value '\(0)' is invalid for '\(0)': \(0)"),
    Message("The value '\(0)' is invalid for '\(0)'. Please provide one of \(0)."),
    Message("Missing value for '\(0)'"),
    Message("  See '\(0)' for more information."),
    Message("  See '\(0)' for detailed help."),
  ]

  /// The headings and fixed lines of a help screen, English first.
  static var fixed: [(String, String)] {
    [
      ("OVERVIEW: ", tr("OVERVIEW: ")),
      ("USAGE: ", tr("USAGE: ")),
      ("Usage: ", tr("Usage: ")),
      ("ARGUMENTS:", tr("ARGUMENTS:")),
      ("OPTIONS:", tr("OPTIONS:")),
      ("SUBCOMMANDS:", tr("SUBCOMMANDS:")),
      ("(values: ", tr("(values: ")),
      ("default: ", tr("default: ")),
      ("Help:  ", tr("Help:  ")),
      ("Show the version.", tr("Show the version.")),
      ("Show help information.", tr("Show help information.")),
      (
        "  See 'holder-git help <subcommand>' for detailed help.",
        tr("  See 'holder-git help <subcommand>' for detailed help.")
      ),
    ]
  }

  /// `text` (a parser's error or help screen) with its English words in the reader's.
  static func translated(_ text: String) -> String {
    guard Catalog.current.language != .english else { return text }
    let fixed = fixed
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var line = String(line)
      if line.hasPrefix("Error: ") {
        var sentence = String(line.dropFirst("Error: ".count))
        if sentence.hasPrefix("The value '") {
          // The parser lists allowed values as `'a', 'b' or 'c'`: the list is data, its `or`
          // not. Only there: holder-git's own sentences may say `'.' or '..'`.
          sentence = sentence.replacing("' or '", with: "', '")
        }
        return tr("Error: \(tr(said: sentence))")
      }
      if line.hasSuffix(" SUBCOMMANDS:") {
        return tr("\(line.dropLast(" SUBCOMMANDS:".count)) commands:")
      }
      for (english, translated) in fixed {
        line = line.replacing(english, with: translated)
      }
      return tr(said: line)
    }.joined(separator: "\n")
  }
}
