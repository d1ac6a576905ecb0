/// Writes a Netscape Bookmark File (`bookmarks.html`) that browsers import, and holder-git
/// re-imports without loss.
///
/// Layout, as Firefox and Chrome write it (Chrome's importer reads line by
/// line, so every `<DT>` stays on one line): the `NETSCAPE-Bookmark-file-1`
/// doctype, a UTF-8 `META`, then nested `<DL><p>` lists. Each tag is a folder
/// (`<DT><H3>`; `dev/swift` is `swift` inside `dev`) and a bookmark appears in
/// the folder of every tag it has, as the store's `tags/` view shows it, so a
/// browser that reads only folders (Chrome, Safari) still finds it under
/// each tag; untagged bookmarks follow the folders at the top level.
///
/// Each `<A>` carries what browsers read:
/// - `HREF`, the stored URL; `ADD_DATE` and `LAST_MODIFIED` in whole seconds (left out
///   for times before 1970, which readers take as "no date");
///   `TAGS`, the tags joined by `,` (Firefox, Pinboard, linkding, buku);
/// - the title as the link text, and the note in a `<DD>` after it;
///
/// and what holder-git's own import reads to make the bookmark exactly as it was:
/// - `HOLDER_ID` (the id), `HOLDER_CREATED` and `HOLDER_LAST_MODIFIED` (RFC 3339
///   with milliseconds), `HOLDER_FAVORITE="true"` for a favourite;
/// - `HOLDER_JSON`, only when needed: a JSON object (on one line) with the
///   fields HTML cannot carry — `metadata`, the bookmark's unknown keys, and
///   `title`, `note` or `tags` when their HTML form would not read back
///   exactly (surrounding white space, a line break or control character in a
///   title, any of those in a note, a `,` or surrounding white space in a tag).
///   Its fields win over the HTML ones.
///
/// A reader that finds `HOLDER_ID` on an `<A>` takes its tags from `TAGS` (or
/// `HOLDER_JSON`) and not from the folders, which only repeat them.
public enum NetscapeWriter {
  /// The attribute names holder-git adds to `<A>`.
  public enum Attribute {
    public static let id = "HOLDER_ID"
    public static let created = "HOLDER_CREATED"
    public static let lastModified = "HOLDER_LAST_MODIFIED"
    public static let favorite = "HOLDER_FAVORITE"
    public static let json = "HOLDER_JSON"
  }

  static let header = """
    <!DOCTYPE NETSCAPE-Bookmark-file-1>
    <!-- This is an automatically generated file.
         It will be read and overwritten.
         DO NOT EDIT! -->
    <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
    <TITLE>Bookmarks</TITLE>
    <H1>Bookmarks</H1>

    """

  static func write(_ root: TagFolder, to output: inout ExportOutput) throws {
    output.append(header)
    try writeList(root, depth: 0, to: &output)
  }

  private static func writeList(_ folder: TagFolder, depth: Int, to output: inout ExportOutput)
    throws
  {
    let indent = String(repeating: "    ", count: depth)
    output.append(indent + "<DL><p>\n")
    for child in folder.folders {
      output.append(indent + "    <DT><H3>" + escapeText(visible(child.name)) + "</H3>\n")
      try writeList(child, depth: depth + 1, to: &output)
    }
    let entryIndent = Array((indent + "    ").utf8)
    for entry in folder.entries {
      appendLines(for: entry.bookmark, indent: entryIndent, to: &output.buffer)
      try output.entryWritten()
    }
    output.append(indent + "</DL><p>\n")
  }

  /// Appends the `<DT><A …>title</A>` line of `bookmark`, and its `<DD>` note when it has
  /// one, to `bytes`; escaping goes byte by byte (every character escaped is ASCII, so
  /// UTF-8 sequences pass through whole).
  static func appendLines(for bookmark: Bookmark, indent: [UInt8], to bytes: inout [UInt8]) {
    let plainTitle = isPlain(bookmark.title, allowingLineBreaks: false)
    let plainNote = isPlain(bookmark.note, allowingLineBreaks: false)
    var exact: [(key: String, value: CanonicalWriter.Node)] = []
    if !plainTitle {
      exact.append(("title", .value(.string(bookmark.title))))
    }
    if !plainNote {
      exact.append(("note", .value(.string(bookmark.note))))
    }
    if !bookmark.tags.allSatisfy(isPlainTag) {
      exact.append(("tags", .value(.array(bookmark.tags.map(JSONValue.string)))))
    }
    if let metadata = bookmark.metadata, !metadata.isEmpty,
      case .object(let members, _) = BookmarkCodec.node(for: bookmark),
      let node = members.first(where: { $0.key == "metadata" })
    {
      exact.append(node)
    }
    let extra = bookmark.extra.filter { !BookmarkCodec.keys.contains($0.key) }

    var attributes: [(String, String)] = [("HREF", bookmark.url)]
    // Readers take 0 or less for "no date"; the exact time is in HOLDER_CREATED all the same.
    if let created = seconds(bookmark.created) { attributes.append(("ADD_DATE", created)) }
    if let modified = seconds(bookmark.lastModified) {
      attributes.append(("LAST_MODIFIED", modified))
    }
    if !bookmark.tags.isEmpty {
      attributes.append(
        (
          "TAGS",
          bookmark.tags.map { isPlainTag($0) ? $0 : visibleTag($0) }.joined(separator: ",")
        ))
    }
    attributes += [
      (Attribute.id, bookmark.id.rawValue),
      (Attribute.created, bookmark.created.rfc3339),
      (Attribute.lastModified, bookmark.lastModified.rfc3339),
    ]
    if bookmark.favorite { attributes.append((Attribute.favorite, "true")) }
    if !exact.isEmpty || !extra.isEmpty {
      let json = CompactJSONWriter.line(.object(known: exact, extra: extra))
      attributes.append((Attribute.json, String(decoding: json, as: UTF8.self)))
    }

    bytes.append(contentsOf: indent)
    bytes.append(contentsOf: "<DT><A".utf8)
    for (name, value) in attributes {
      bytes.append(UInt8(ascii: " "))
      bytes.append(contentsOf: name.utf8)
      bytes.append(contentsOf: "=\"".utf8)
      appendEscaped(value, attribute: true, to: &bytes)
      bytes.append(UInt8(ascii: "\""))
    }
    bytes.append(UInt8(ascii: ">"))
    appendEscaped(
      plainTitle ? bookmark.title : visible(bookmark.title), attribute: false, to: &bytes)
    bytes.append(contentsOf: "</A>\n".utf8)
    if !bookmark.note.isEmpty {
      let shown = plainNote ? bookmark.note : visible(bookmark.note, keepingLineBreaks: true)
      if !shown.isEmpty {
        bytes.append(contentsOf: indent)
        bytes.append(contentsOf: "<DD>".utf8)
        appendEscaped(shown, attribute: false, to: &bytes)
        bytes.append(0x0A)
      }
    }
  }

  /// `text` escaped for HTML: `&`, `<`, `>` as entities, and in an attribute also `"` and
  /// line breaks (as character references, so the `<A>` stays on one line).
  static func appendEscaped(_ text: String, attribute: Bool, to bytes: inout [UInt8]) {
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
      case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
      case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
      case UInt8(ascii: "\"") where attribute: bytes.append(contentsOf: "&quot;".utf8)
      case 0x0A where attribute: bytes.append(contentsOf: "&#10;".utf8)
      case 0x0D where attribute: bytes.append(contentsOf: "&#13;".utf8)
      default: bytes.append(byte)
      }
    }
  }

  /// Whole seconds since 1970, rounded down, as browsers write `ADD_DATE`; nil before 1970-01-01T00:00:01Z.
  static func seconds(_ timestamp: Timestamp) -> String? {
    let seconds = timestamp.millisecondsSince1970 / 1000
    return seconds > 0 ? String(seconds) : nil
  }

  /// True when `text` reads back from HTML exactly: no control character, no
  /// surrounding white space (importers trim it), no run of white space, and no
  /// line break unless allowed.
  static func isPlain(_ text: String, allowingLineBreaks: Bool) -> Bool {
    if let first = text.unicodeScalars.first, isWhitespace(first) { return false }
    if let last = text.unicodeScalars.last, isWhitespace(last) { return false }
    // Importers may fold runs of white space into one space, as browsers show text.
    var previousIsSpace = false
    for scalar in text.unicodeScalars {
      if scalar == "\n" && !allowingLineBreaks { return false }
      if scalar != "\n" && isControl(scalar) { return false }
      let isSpace = isWhitespace(scalar)
      if isSpace && previousIsSpace { return false }
      previousIsSpace = isSpace
    }
    return true
  }

  /// Unicode's White_Space, without a table lookup for ASCII (most text).
  private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
    return scalar.properties.isWhitespace
  }

  private static func isPlainTag(_ tag: String) -> Bool {
    // By scalar: a `,` followed by a combining mark is one Character, but importers split on it.
    !tag.unicodeScalars.contains(",") && isPlain(tag, allowingLineBreaks: false)
  }

  /// What a browser shows: control characters and line breaks become spaces, white space
  /// trimmed (the exact text is in `HOLDER_JSON`); with `keepingLineBreaks`, `\n` stays.
  static func visible(_ text: String, keepingLineBreaks: Bool = false) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar == "\n" && keepingLineBreaks {
        scalars.append(scalar)
      } else {
        scalars.append(isControl(scalar) ? " " : scalar)
      }
    }
    return String(scalars).trimmingWhitespace()
  }

  private static func visibleTag(_ tag: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in visible(tag).unicodeScalars { scalars.append(scalar == "," ? " " : scalar) }
    return String(scalars)
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// Text content: `&`, `<` and `>` as entities.
  static func escapeText(_ text: String) -> String {
    var bytes: [UInt8] = []
    appendEscaped(text, attribute: false, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension String {
  /// The string without white space (Unicode's White_Space) at either end.
  fileprivate func trimmingWhitespace() -> String {
    let scalars = unicodeScalars
    guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[start...end])
  }
}
