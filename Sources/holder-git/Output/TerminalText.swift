/// Text from a bookmark or the web made safe to print on a terminal.
///
/// A title can hold an escape sequence that moves the cursor or rewrites the
/// screen; every control character (C0, DEL, C1) is shown as a visible
/// replacement instead of being sent to the terminal.
enum TerminalText {
  static func neutralized(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A: result.append(scalar)
      case 0x09: result.append(" ")
      case 0x00..<0x20: result.append(Unicode.Scalar(0x2400 + scalar.value) ?? "?")
      case 0x7F: result.append("\u{2421}")
      case 0x80..<0xA0: result.append("\u{FFFD}")
      default: result.append(scalar)
      }
    }
    return String(result)
  }

  /// The text on one line: newlines shown as spaces, then neutralised.
  static func oneLine(_ text: String) -> String {
    neutralized(text.split(whereSeparator: \.isNewline).joined(separator: " "))
  }
}
