import HolderCore

/// Text from a bookmark or the web made safe to print on a terminal.
///
/// A title can hold an escape sequence that moves the cursor or rewrites the
/// screen; every control character (C0, DEL, C1) is shown as a visible
/// replacement instead of being sent to the terminal. The rule is HolderCore's
/// `VisibleText`, the one commit messages follow too.
enum TerminalText {
  static func neutralized(_ text: String) -> String {
    VisibleText.neutralized(text)
  }

  /// The text on one line: newlines shown as spaces, then neutralised.
  static func oneLine(_ text: String) -> String {
    VisibleText.oneLine(text)
  }
}
