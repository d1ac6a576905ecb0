// Text from an HTML file or page made one line for a title, a folder name or a description.

/// Makes text read from HTML one line, as a browser shows it.
///
/// Runs of white space (line breaks, tabs, a no-break space…) fold into one space, but for
/// the ideographic space (U+3000): a full-width space inside a Japanese, Chinese or Korean
/// title is a character its author typed, as wide as the letters around it, and stays. At
/// the ends, any white space goes, and so do the bidirectional
/// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) that Windows programs
/// wrap titles in: nothing follows them to reorder.
public enum TitleText {
  /// `text` on one line: runs of white space but U+3000 as one space, trimmed at both ends.
  public static func oneLine(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      if isFolded(scalar) {
        pendingSpace = !scalars.isEmpty
        continue
      }
      if pendingSpace { scalars.append(" ") }
      pendingSpace = false
      scalars.append(scalar)
    }
    return trimmed(String(scalars))
  }

  /// `text` without white space or bidirectional controls at either end.
  public static func trimmed(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let start = scalars.firstIndex(where: { !isEndJunk($0) }),
      let end = scalars.lastIndex(where: { !isEndJunk($0) })
    else { return "" }
    return String(scalars[start...end])
  }

  private static func isFolded(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
    return scalar.properties.isWhitespace && scalar != "\u{3000}"
  }

  private static func isEndJunk(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || VisibleText.isBidiControl(scalar)
  }
}
