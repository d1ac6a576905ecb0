/// The file formats `import` reads.
public enum ImportFormat: String, CaseIterable, Sendable, Codable {
  /// Netscape Bookmark File (`bookmarks.html`): every browser and most bookmark managers.
  case netscape
  /// holder-git's own `--json` / `export --format json`: one array of bookmark objects.
  case json
  /// JSON Lines: one bookmark object per line.
  case jsonl
  /// holder-git's own `export --format markdown`: what Markdown carries comes back.
  case markdown

  // MARK: HTML exports of services (Netscape family)

  /// Pocket's HTML export (`ril_export.html`): tags, time added, Unread as the tag `toread`.
  case pocketHTML = "pocket-html"

  // MARK: Services' CSV exports and XBEL

  /// Pocket's CSV export (`title,url,time_added,tags,status`); see `PocketCSVReader`.
  case pocketCSV = "pocket-csv"
  /// Raindrop.io's CSV export (`id,title,note,excerpt,url,folder,…`); see `RaindropCSVReader`.
  case raindropCSV = "raindrop-csv"
  /// Instapaper's CSV export (`URL,Title,Selection,Folder,Timestamp`); see
  /// `InstapaperCSVReader`.
  case instapaperCSV = "instapaper-csv"
  /// XML Bookmark Exchange Language 1.0 (what floccus syncs); see `NetscapeItem.xbelResult`.
  case xbel

  // MARK: The browsers' own files

  /// Firefox's `places.sqlite` (a profile's bookmarks and history database), read through
  /// the helper program; `import --from firefox` finds it in the profile.
  case firefoxPlaces = "firefox-places"

  /// The format of `bytes`, nil when it is none of them.
  ///
  /// From the file's first character (after a BOM and white space): `[` is JSON, `{` JSON
  /// Lines, `#` or `- [` Markdown; a file whose first kilobytes hold a Netscape file's mark
  /// (`<!DOCTYPE NETSCAPE…`, a `<DL>` list or a `<DT>` entry) is Netscape. A CSV file is told by
  /// its header row (`CSVTable.detect`), XBEL by its root element (`XBELDetect`).
  public static func detect(_ bytes: [UInt8]) -> ImportFormat? {
    var index = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    guard index < bytes.count else { return nil }
    if bytes.starts(with: Array("SQLite format 3\0".utf8)) { return .firefoxPlaces }
    switch bytes[index] {
    case UInt8(ascii: "["): return .json
    case UInt8(ascii: "{"): return .jsonl
    case UInt8(ascii: "#"): return .markdown
    case UInt8(ascii: "-") where bytes[index...].starts(with: Array("- [".utf8)): return .markdown
    default: break
    }
    if PocketHTML.isExport(bytes[index...]) { return .pocketHTML }
    if let format = CSVTable.detect(bytes) ?? XBELDetect.format(bytes) { return format }
    let head = String(decoding: bytes[index..<min(bytes.count, index + 65_536)], as: UTF8.self)
      .lowercased()
    let marks = ["<!doctype netscape", "<dl", "<dt"]
    return marks.contains { head.contains($0) } ? .netscape : nil
  }
}
