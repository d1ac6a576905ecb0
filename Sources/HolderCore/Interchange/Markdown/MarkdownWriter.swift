/// Writes a readable Markdown list of bookmarks grouped by tag.
///
/// A `## tag/path` section per tag (sorted, nested tags after their parent),
/// then `## Untagged`. A bookmark is listed under each of its tags as
/// `- [title](url)`, with ` ★` for a favourite, and its note as indented
/// lines below. Markdown's special characters in titles, notes and tags are
/// escaped so the text shows as written. `MarkdownReader` reads it back.
public enum MarkdownWriter {
  static func write(_ root: TagFolder, count: Int, to output: inout ExportOutput) throws {
    output.append("# Bookmarks\n\n")
    output.append("\(count) bookmark\(count == 1 ? "" : "s"), exported by holder-git.\n")
    try writeSections(root, to: &output)
    if !root.entries.isEmpty {
      output.append("\n## Untagged\n\n")
      for entry in root.entries {
        output.append(item(for: entry.bookmark))
        try output.entryWritten()
      }
    }
  }

  private static func writeSections(_ folder: TagFolder, to output: inout ExportOutput) throws {
    for child in folder.folders {
      if !child.entries.isEmpty {
        output.append("\n## " + escape(child.path) + "\n\n")
        for entry in child.entries {
          output.append(item(for: entry.bookmark))
          try output.entryWritten()
        }
      }
      try writeSections(child, to: &output)
    }
  }

  /// `- [title](url)`, a star for a favourite, then the note's lines indented.
  static func item(for bookmark: Bookmark) -> String {
    let title = bookmark.title.isEmpty ? URLNormalizer.readable(bookmark.url) : bookmark.title
    var text =
      "- [" + escape(oneLine(title)) + "](" + destination(bookmark.url) + ")"
      + (bookmark.favorite ? " ★" : "") + "\n"
    // Blank lines are left out: one would end the list item.
    for line in bookmark.note.split(separator: "\n") {
      let shown = oneLine(String(line)).trimmingPrefix(while: \.isWhitespace)
      if !shown.isEmpty { text += "  " + escape(String(shown)) + "\n" }
    }
    return text
  }

  /// A link destination: in `<…>` when the URL has characters that would end a bare one.
  static func destination(_ url: String) -> String {
    let needsBrackets = url.unicodeScalars.contains {
      $0 == "(" || $0 == ")" || $0 == " " || $0 == "<" || $0 == ">" || $0.value < 0x20
    }
    guard needsBrackets else { return url }
    var escaped = ""
    for scalar in url.unicodeScalars {
      switch scalar {
      case "<": escaped += "%3C"
      case ">": escaped += "%3E"
      case " ": escaped += "%20"
      default: escaped.unicodeScalars.append(scalar.value < 0x20 ? " " : scalar)
      }
    }
    return "<" + escaped + ">"
  }

  /// Markdown's punctuation with a backslash, so it shows as written; the bidirectional
  /// controls left out, as one of them would reorder the rest of the rendered line.
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for (offset, scalar) in text.unicodeScalars.enumerated() {
      if VisibleText.isBidiControl(scalar) { continue }
      switch scalar {
      case "\\", "`", "*", "_", "[", "]", "<", ">", "|":
        result += "\\"
      case "#", "+", "-", "=":
        // Only at the start of a line do these begin a heading or a list.
        if offset == 0 { result += "\\" }
      default: break
      }
      result.unicodeScalars.append(scalar)
    }
    return result
  }

  /// Control characters as spaces, so one line stays one line.
  private static func oneLine(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
      scalars.append(isControl ? " " : scalar)
    }
    return String(scalars)
  }
}
