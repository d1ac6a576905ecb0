import HolderCore

/// Shows the parts of a line a search matched, on a terminal only (DESIGN §7).
enum Highlight {
  /// True when colour is on (`TerminalStyle.colors`: the same rule as every other colour).
  static var isEnabled: Bool { TerminalStyle.colors }

  private static let start = "\u{1B}[1;33m"
  private static let end = "\u{1B}[0m"

  /// `text` (already neutralised) with the parts `query` matched in bold yellow.
  static func apply(_ query: SearchQuery, to text: String) -> String {
    let ranges = Highlighter.ranges(of: query, in: text)
    guard !ranges.isEmpty else { return text }
    var result = ""
    var inside = false
    for (offset, character) in text.enumerated() {
      let shouldBeInside = ranges.contains { $0.contains(offset) }
      if shouldBeInside != inside {
        result += shouldBeInside ? start : end
        inside = shouldBeInside
      }
      result.append(character)
    }
    return inside ? result + end : result
  }
}
