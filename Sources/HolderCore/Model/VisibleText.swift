/// Text from a bookmark, a page or another store made safe to show: on a terminal and in
/// git's commit messages, which `git log` prints to a terminal as they are.
///
/// A title can hold an escape sequence that moves the cursor, rewrites the screen or
/// retitles the window (`ESC ]0;…BEL`); every control character (C0 but the line feed,
/// DEL, C1) is shown as a visible replacement instead. The bookmark file keeps the text as
/// it was typed: this is for showing and quoting only.
public enum VisibleText {
  /// Every control character but the line feed replaced: a tab by a space, another C0 one by
  /// its Control Pictures symbol (`␛`), DEL by `␡`, a C1 one by `�`.
  ///
  /// The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) are
  /// shown as `�` too: one of them reorders the rest of the line, so that a title can make a
  /// link or a file name read as another. (The marks U+200E and U+200F, which reorder
  /// nothing around them, stay.)
  public static func neutralized(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { isControl($0) || isBidiControl($0) }) else {
      return text
    }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A: result.append(scalar)
      case 0x09: result.append(" ")
      case 0x00..<0x20: result.append(Unicode.Scalar(0x2400 + scalar.value) ?? "?")
      case 0x7F: result.append("\u{2421}")
      case 0x80..<0xA0, 0x202A...0x202E, 0x2066...0x2069: result.append("\u{FFFD}")
      default: result.append(scalar)
      }
    }
    return String(result)
  }

  /// Whether the scalar is a bidirectional embedding, override or isolate, which reorders
  /// the text after it on the screen.
  public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
  }

  /// The text on one line: line breaks shown as spaces, then neutralised.
  public static func oneLine(_ text: String) -> String {
    neutralized(text.split(whereSeparator: \.isNewline).joined(separator: " "))
  }

  /// Whether a terminal would act on the scalar rather than show it (the line feed aside).
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar.value != 0x0A) || (0x7F...0x9F).contains(scalar.value)
  }
}
