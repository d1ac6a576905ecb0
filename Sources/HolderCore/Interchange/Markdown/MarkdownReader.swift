import Localization

/// Reads Markdown link lists: holder-git's own export (`MarkdownWriter`) exactly, and lists
/// written by hand as CommonMark writes links.
///
/// `## tag/path` starts a tag's section and `## Untagged` the untagged one (`#` ends it, other
/// headings leave it as it is); each item `- [title](url)` (` ★` after it for a favourite)
/// is a bookmark, and the lines indented below it are its note. A bookmark listed under
/// several tags with the same title and note is one entry with all of them, on the line
/// where it first appears. Markdown's backslash escapes are undone.
///
/// By hand, any line may hold a bookmark: after a `-`, `*` or `+` bullet, a number (`1.`,
/// `1)`) or nothing, the first link of the line — an inline link `[title](url)` or
/// `[title](url "tooltip")`, an autolink `<https://…>` or a bare `https://…` — is the URL.
/// An inline link's text is the title; for the other two, the text before the URL is. The
/// tooltip and the text after the link (without a leading ` - ` or `: `) are the note.
/// Images (`![alt](src)`) are not links. A line that has something of a URL (`://`, `](`)
/// but no link that can be read is skipped with its line and why; the others (prose, the
/// count line of the export) are not entries.
public enum MarkdownReader {
  public static func read(_ bytes: [UInt8]) -> [Result<ImportEntry, ImportSkipReason>] {
    var text = String(decoding: bytes, as: UTF8.self)
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    var results: [Result<ImportEntry, ImportSkipReason>] = []
    var section: String?
    // The entry the indented lines below belong to, while they follow it.
    var current: Int?
    for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      var line = Substring(rawLine)
      if line.hasSuffix("\r") { line.removeLast() }
      let number = offset + 1
      if line.hasPrefix("  "), let index = current, !startsNestedItem(line),
        case .success(var entry) = results[index]
      {
        let noteLine = unescape(line.dropFirst(2))
        entry.note += (entry.note.isEmpty ? "" : "\n") + noteLine
        results[index] = .success(entry)
        continue
      }
      current = nil
      let content = line.drop(while: { $0 == " " || $0 == "\t" })
      if line.hasPrefix("## ") {
        let heading = line.dropFirst(3)
        section = heading == "Untagged" ? nil : unescape(heading)
        continue
      }
      if line.hasPrefix("# ") { section = nil }
      if isHeading(content) { continue }
      guard let item = item(content) else {
        if looksLikeALink(content) {
          results.append(
            .failure(
              .unreadable(
                Message("line \(number): no link could be read in \"\(excerpt(content))\"")
                  .english)))
        }
        continue
      }
      current = results.count
      results.append(
        .success(
          ImportEntry(
            url: item.url, title: item.title, note: item.note, tags: section.map { [$0] } ?? [],
            favorite: item.favorite, line: number)))
    }
    return joiningRepeats(results)
  }

  /// A bookmark the export lists under each of its tags — the same URL, title, note and
  /// favourite again — as one entry with every tag, where it first appears; any other entry
  /// with a URL seen before stays, for the import to report as a duplicate.
  private static func joiningRepeats(_ results: [Result<ImportEntry, ImportSkipReason>])
    -> [Result<ImportEntry, ImportSkipReason>]
  {
    var joined: [Result<ImportEntry, ImportSkipReason>] = []
    var byURL: [String: [Int]] = [:]
    for result in results {
      guard case .success(let entry) = result else {
        joined.append(result)
        continue
      }
      let same = byURL[entry.url, default: []].first { index in
        guard case .success(let first) = joined[index] else { return false }
        return first.title == entry.title && first.note == entry.note
          && first.favorite == entry.favorite
      }
      if let same, case .success(var first) = joined[same] {
        for tag in entry.tags where !first.tags.contains(tag) { first.tags.append(tag) }
        joined[same] = .success(first)
      } else {
        byURL[entry.url, default: []].append(joined.count)
        joined.append(result)
      }
    }
    return joined
  }

  /// An ATX heading: one to six `#`, then a space or the end of the line.
  private static func isHeading(_ line: Substring) -> Bool {
    let marks = line.prefix(while: { $0 == "#" })
    guard (1...6).contains(marks.count) else { return false }
    let after = line[marks.endIndex...]
    return after.isEmpty || after.first == " " || after.first == "\t"
  }

  /// What one line says about its bookmark.
  struct Item: Equatable {
    var title: String
    var url: String
    var note: String = ""
    var favorite: Bool?
  }

  /// The bookmark of a line (its list marker and leading space included), or nil.
  static func item(_ line: Substring) -> Item? {
    var rest = withoutListMarker(line)
    // A task list's box (`- [ ] `, `- [x] `) is not the link.
    for box in ["[ ] ", "[x] ", "[X] "] where rest.hasPrefix(box) {
      rest = rest.dropFirst(box.count)
    }
    // The export's own shape, read as it has always been: a favourite's star, no note.
    if rest.hasPrefix("["), let (text, url, tooltip, after) = inlineLink(rest) {
      let trailing = after.trimmingCharacters(in: " \t")
      if trailing == "★" && tooltip == nil {
        return Item(title: text, url: url, favorite: true)
      }
      return Item(
        title: text, url: url, note: note(tooltip: tooltip, before: "", after: trailing),
        favorite: line.hasPrefix("- [") && trailing.isEmpty && tooltip == nil ? false : nil)
    }
    return firstLink(in: rest)
  }

  /// The first link of `text` that is not at its start: an inline link, an autolink or a
  /// bare URL, with the text around it.
  private static func firstLink(in text: Substring) -> Item? {
    var index = text.startIndex
    var escaped = false
    while index < text.endIndex {
      let character = text[index]
      if escaped {
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "!" && text[index...].dropFirst().hasPrefix("[") {
        // An image: its link is its source, not a bookmark; skipped whole.
        if let (_, _, _, after) = inlineLink(text[index...].dropFirst()) {
          index = after.startIndex
          continue
        }
      } else if character == "[" {
        if let (title, url, tooltip, after) = inlineLink(text[index...]) {
          return Item(
            title: title, url: url,
            note: note(tooltip: tooltip, before: text[..<index], after: after))
        }
        // `[text](` that does not close: a link written wrong, not a bare URL with `[text](`
        // for its title.
        if text[index...].contains("](") { return nil }
      } else if character == "<", let (url, after) = autolink(text[index...]) {
        return Item(
          title: unescape(trimmedSeparators(text[..<index])), url: url,
          note: note(tooltip: nil, before: "", after: after))
      } else if isURLStart(text[index...]) && (index == text.startIndex || isBoundary(text, index))
      {
        let end = text[index...].firstIndex(where: { $0 == " " || $0 == "\t" }) ?? text.endIndex
        var url = text[index..<end]
        // Punctuation ending a sentence is not part of the address.
        while let last = url.last, ".,;:!?".contains(last) { url.removeLast() }
        if url.last == ")" && !url.contains("(") { url.removeLast() }
        return Item(
          title: unescape(trimmedSeparators(text[..<index])), url: String(url),
          note: note(tooltip: nil, before: "", after: text[url.endIndex...]))
      }
      index = text.index(after: index)
    }
    return nil
  }

  /// `[text](destination "tooltip")` at the start of `text`: the text (escapes undone), the
  /// destination, the tooltip and what follows; nil when it is not one.
  static func inlineLink(_ text: Substring) -> (String, String, String?, Substring)? {
    guard text.hasPrefix("[") else { return nil }
    var rest = text.dropFirst()
    // The title ends at the first `]` without a backslash before it.
    var title = ""
    var escaped = false
    var closed = false
    while let character = rest.first {
      rest.removeFirst()
      if escaped {
        title.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "]" {
        closed = true
        break
      } else {
        title.append(character)
      }
    }
    guard closed, rest.hasPrefix("(") else { return nil }
    rest.removeFirst()
    rest = rest.drop(while: { $0 == " " })
    let url: Substring
    if rest.hasPrefix("<") {
      guard let end = rest.firstIndex(of: ">") else { return nil }
      url = rest[rest.index(after: rest.startIndex)..<end]
      rest = rest[rest.index(after: end)...]
    } else {
      // A bare destination ends at white space or at a `)` that closes no `(` of its own.
      var depth = 0
      var end = rest.startIndex
      while end < rest.endIndex {
        let character = rest[end]
        if character == " " || character == "\t" { break }
        if character == "(" { depth += 1 }
        if character == ")" {
          if depth == 0 { break }
          depth -= 1
        }
        end = rest.index(after: end)
      }
      url = rest[..<end]
      rest = rest[end...]
    }
    rest = rest.drop(while: { $0 == " " })
    var tooltip: String?
    if let quote = rest.first, quote == "\"" || quote == "'" || quote == "(" {
      let closing: Character = quote == "(" ? ")" : quote
      let body = rest.dropFirst()
      guard let end = body.firstIndex(of: closing) else { return nil }
      tooltip = unescape(body[..<end])
      rest = body[body.index(after: end)...].drop(while: { $0 == " " })
    }
    guard rest.hasPrefix(")"), !url.isEmpty else { return nil }
    return (title, String(url), tooltip, rest.dropFirst())
  }

  /// `<scheme:…>` at the start of `text` (no space or `<` inside): the URL and what follows.
  private static func autolink(_ text: Substring) -> (String, Substring)? {
    let body = text.dropFirst()
    guard let end = body.firstIndex(of: ">") else { return nil }
    let url = body[..<end]
    guard !url.contains(where: { $0 == " " || $0 == "<" }), hasScheme(url) else { return nil }
    return (String(url), body[body.index(after: end)...])
  }

  /// The note from a link's tooltip and the text around it, each on a line of its own.
  private static func note(tooltip: String?, before: Substring, after: Substring) -> String {
    [tooltip ?? "", unescape(trimmedSeparators(before)), unescape(trimmedSeparators(after))]
      .filter { !$0.isEmpty }.joined(separator: "\n")
  }

  /// `text` without the spaces and the separator (`-`, `–`, `—`, `:`, `|`, `,`) between it
  /// and a link.
  private static func trimmedSeparators(_ text: Substring) -> Substring {
    var result = text.trimmingCharacters(in: " \t")
    for separator in ["-", "–", "—", ":", "|", ","] {
      if result.hasPrefix(separator) { result = result.dropFirst().trimmingCharacters(in: " \t") }
      if result.hasSuffix(separator) { result = result.dropLast().trimmingCharacters(in: " \t") }
    }
    return result
  }

  /// `line` without its indentation and list marker (`-`, `*`, `+`, `1.`, `1)`).
  private static func withoutListMarker(_ line: Substring) -> Substring {
    let text = line.drop(while: { $0 == " " || $0 == "\t" })
    if let first = text.first, "-*+".contains(first), text.dropFirst().first == " " {
      return text.dropFirst(2).drop(while: { $0 == " " })
    }
    let digits = text.prefix(while: { $0.isASCII && $0.isNumber })
    let afterDigits = text[digits.endIndex...]
    if (1...9).contains(digits.count), let mark = afterDigits.first, mark == "." || mark == ")",
      afterDigits.dropFirst().first == " "
    {
      return afterDigits.dropFirst(2).drop(while: { $0 == " " })
    }
    return text
  }

  /// An indented `- `, `* ` or `+ ` item: a nested list, not a note line (the export escapes
  /// these marks at the start of a note's line).
  private static func startsNestedItem(_ line: Substring) -> Bool {
    let text = line.drop(while: { $0 == " " || $0 == "\t" })
    guard let first = text.first, "-*+".contains(first), text.dropFirst().first == " " else {
      return false
    }
    return item(text) != nil
  }

  /// A scheme, `:` and at least one more character: `https://…`, `mailto:…`.
  private static func hasScheme(_ text: Substring) -> Bool {
    guard let colon = text.firstIndex(of: ":"), colon != text.startIndex,
      text.index(after: colon) < text.endIndex
    else { return false }
    let scheme = text[..<colon]
    return scheme.first?.isASCII == true && scheme.first?.isLetter == true
      && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }

  /// A bare URL starts here: a scheme followed by `://`.
  private static func isURLStart(_ text: Substring) -> Bool {
    guard let first = text.first, first.isASCII, first.isLetter else { return false }
    let scheme = text.prefix(while: {
      $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0))
    })
    return text[scheme.endIndex...].hasPrefix("://")
  }

  /// The character before `index` does not continue a word (`xhttps://` is not a URL).
  private static func isBoundary(_ text: Substring, _ index: Substring.Index) -> Bool {
    let previous = text[text.index(before: index)]
    return !(previous.isLetter || previous.isNumber)
  }

  /// A line that means to hold a link: an address (`://`) or a link's `](`.
  private static func looksLikeALink(_ line: Substring) -> Bool {
    line.contains("://") || line.contains("](")
  }

  /// The start of a line, for a report.
  private static func excerpt(_ line: Substring) -> String {
    let text = VisibleText.oneLine(String(line))
    return text.count > 80 ? String(text.prefix(79)) + "…" : text
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
