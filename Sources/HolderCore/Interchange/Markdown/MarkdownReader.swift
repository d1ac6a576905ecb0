/// Reads holder-git's own Markdown export (`MarkdownWriter`) back: what Markdown carries.
///
/// `## tag/path` starts a tag's section and `## Untagged` the untagged one; each item
/// `- [title](url)` (` ★` after it for a favourite) is a bookmark, and the lines indented
/// below it are its note. A bookmark listed under several tags is one entry with all of
/// them, on the line where it first appears. Markdown's backslash escapes are undone; other
/// lines (the `# Bookmarks` heading, the count, blank lines) are not entries.
public enum MarkdownReader {
  public static func read(_ bytes: [UInt8]) -> [ImportEntry] {
    var text = String(decoding: bytes, as: UTF8.self)
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    var entries: [ImportEntry] = []
    var byURL: [String: Int] = [:]
    var section: String?
    // The entry the indented lines below belong to, while they follow it.
    var current: Int?
    for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      var line = Substring(rawLine)
      if line.hasSuffix("\r") { line.removeLast() }
      if line.hasPrefix("  "), let index = current {
        let noteLine = unescape(line.dropFirst(2))
        entries[index].note += (entries[index].note.isEmpty ? "" : "\n") + noteLine
        continue
      }
      current = nil
      if line.hasPrefix("## ") {
        let heading = line.dropFirst(3)
        section = heading == "Untagged" ? nil : unescape(heading)
      } else if line.hasPrefix("# ") {
        section = nil
      } else if let item = item(line) {
        if let index = byURL[item.url] {
          if let section, !entries[index].tags.contains(section) {
            entries[index].tags.append(section)
          }
        } else {
          byURL[item.url] = entries.count
          current = entries.count
          entries.append(
            ImportEntry(
              url: item.url, title: item.title, tags: section.map { [$0] } ?? [],
              favorite: item.favorite, line: offset + 1))
        }
      }
    }
    return entries
  }

  /// `- [title](url)` with an optional ` ★`; nil for any other line.
  static func item(_ line: Substring) -> (title: String, url: String, favorite: Bool)? {
    guard line.hasPrefix("- [") else { return nil }
    var rest = line.dropFirst(3)
    // The title ends at the first `]` without a backslash before it.
    var title = ""
    var escaped = false
    while let character = rest.first {
      rest.removeFirst()
      if escaped {
        title.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "]" {
        break
      } else {
        title.append(character)
      }
    }
    guard rest.hasPrefix("(") else { return nil }
    rest.removeFirst()
    let url: Substring
    if rest.hasPrefix("<") {
      guard let end = rest.firstIndex(of: ">") else { return nil }
      url = rest[rest.index(after: rest.startIndex)..<end]
      rest = rest[rest.index(after: end)...]
      guard rest.hasPrefix(")") else { return nil }
    } else {
      guard let end = rest.firstIndex(of: ")") else { return nil }
      url = rest[..<end]
      rest = rest[end...]
    }
    rest.removeFirst()
    let trailing = rest.trimmingCharacters(in: " \t")
    guard trailing.isEmpty || trailing == "★" else { return nil }
    return (title, String(url), trailing == "★")
  }

  /// Backslash escapes undone: `\*` is `*`, `\\` is `\`.
  static func unescape(_ text: Substring) -> String {
    var result = ""
    var escaped = false
    for character in text {
      if !escaped && character == "\\" {
        escaped = true
        continue
      }
      if escaped && !(character.isASCII && (character.isPunctuation || character.isSymbol)) {
        result.append("\\")
      }
      escaped = false
      result.append(character)
    }
    if escaped { result.append("\\") }
    return result
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: String) -> Substring {
    var text = self
    while let first = text.first, set.contains(first) { text.removeFirst() }
    while let last = text.last, set.contains(last) { text.removeLast() }
    return text
  }
}
