// Trimming white space from a string's ends, as Foundation's `trimmingCharacters(in:)` with
// `.whitespaces` or `.whitespacesAndNewlines` does, in the standard library alone.

/// Trimming white space without Foundation's `CharacterSet`.
///
/// Foundation's trimming bridges every call through `NSString` (a substring, a copy), and it
/// lives in swift-corelibs-foundation, whose one use in a static program brings ICU's 34 MB of
/// data along: the sets are written out here from their Unicode definitions instead.
extension StringProtocol {
  /// The text without white space or line breaks at either end (`.whitespacesAndNewlines`:
  /// tab, the space separators, and U+000A–U+000D, U+0085, U+2028, U+2029).
  public func trimmingSpacesAndNewlines() -> String {
    trimmed { isSpace($0) || isLineBreak($0) }
  }

  /// The text without tabs or space separators at either end (`.whitespaces`: not line breaks).
  public func trimmingSpaces() -> String {
    trimmed(isSpace)
  }

  /// By scalars, as Foundation trims: a combining mark after a trimmed space stays, though
  /// `String`'s own slicing would round its index back to the space's character.
  private func trimmed(_ drop: (Unicode.Scalar) -> Bool) -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !drop($0) }),
      let last = scalars.lastIndex(where: { !drop($0) })
    else { return "" }
    if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex {
      return String(self)
    }
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars[first...last])
    return String(view)
  }
}

/// Tab and the space separators (general category Zs), as `CharacterSet.whitespaces`.
private func isSpace(_ scalar: Unicode.Scalar) -> Bool {
  if scalar.isASCII { return scalar == " " || scalar == "\t" }
  return scalar.properties.generalCategory == .spaceSeparator
}

/// The line breaks `CharacterSet.newlines` holds.
private func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
  default: false
  }
}
