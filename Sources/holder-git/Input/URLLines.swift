import HolderCore

/// One line of `add -`: a URL, or a URL, a tab and a title.
struct URLLine: Equatable {
  /// The 1-based line number in the input.
  var number: Int
  var url: String
  var title: String?
}

/// Reads the lines of `add -`; blank lines and lines starting with `#` are skipped.
enum URLLines {
  static func parse(_ text: String) -> [URLLine] {
    var lines: [URLLine] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
      let trimmed = line.trimmingSpaces()
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
      let title = parts.count > 1 ? parts[1].trimmingSpaces() : ""
      lines.append(
        URLLine(
          number: index + 1, url: parts[0].trimmingSpaces(),
          title: title.isEmpty ? nil : title))
    }
    return lines
  }
}
