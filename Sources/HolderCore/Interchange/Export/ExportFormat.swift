/// The file formats `export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
  /// Netscape Bookmark File (`bookmarks.html`), what browsers import; see `NetscapeWriter`.
  case netscape
  /// A JSON array of `BookmarkJSONObject`s, the same text as `list --json`.
  case json
  /// JSON Lines: one `BookmarkJSONObject` per line.
  case jsonl
  /// A readable Markdown list grouped by tag; see `MarkdownWriter`.
  case markdown
  /// XBEL 1.0 (XML Bookmark Exchange Language), what floccus syncs; see `XBELWriter`.
  case xbel

  /// The format a file name's extension stands for (`.html`, `.json`, `.jsonl`, `.md`…), or nil.
  public init?(fileName: String) {
    guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else {
      return nil
    }
    switch fileName[fileName.index(after: dot)...].lowercased() {
    case "html", "htm": self = .netscape
    case "json": self = .json
    case "jsonl", "ndjson": self = .jsonl
    case "md", "markdown": self = .markdown
    case "xbel": self = .xbel
    default: return nil
    }
  }
}
