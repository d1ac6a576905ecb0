/// The rule for every commit message holder-git writes (DESIGN §4): text a person typed or a
/// file brought (titles, tags, URLs, file names) is quoted on one line with its control
/// characters neutralised (`VisibleText`), and the whole message is neutralised once more
/// where the commit is made, so no escape sequence reaches `git log`'s reader.
public enum CommitText {
  /// A title (or other user text) in double quotes on one line, neutralised, shortened to
  /// `limit` characters to keep the subject readable.
  public static func quoted(_ text: String, limit: Int = 60) -> String {
    let line = VisibleText.oneLine(text)
    let short = line.count > limit ? String(line.prefix(limit - 1)) + "…" : line
    return "\"\(short)\""
  }

  /// User text in a message without quotes (a file name, a URL): one line, neutralised.
  public static func inline(_ text: String) -> String {
    VisibleText.oneLine(text)
  }

  /// A whole message: its lines (subject, body, trailers) kept, every other control
  /// character neutralised.
  public static func message(_ text: String) -> String {
    VisibleText.neutralized(text)
  }
}
