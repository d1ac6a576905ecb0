// The formats `import` reads, and how a file's format is found from its content
// (`ImportFormat.recognize`, one detector per family, tried in order).

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

  // MARK: JSON formats of browsers and services

  /// The `Bookmarks` file of Chrome, Chromium, Edge, Brave and Vivaldi (one JSON object).
  case chrome
  /// Firefox's bookmark backup: `bookmarks-YYYY-MM-DD.json`, or `.jsonlz4` compressed.
  case firefoxJSON = "firefox-json"
  /// Pinboard's JSON export (`href`, `description`, `extended`, `tags`, `toread`…).
  case pinboard
  /// buku's JSON (`buku -p -j`): `index`, `uri`, `title`, `description`, `tags`.
  case buku
  /// Omnivore's export (`metadata_N.json`): `url`, `title`, `labels`, `state`, `savedAt`…
  case omnivore

  /// The format names, as `--format` takes them, joined by commas (no "or", which messages
  /// in other languages would have to translate inside a value).
  public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// What `ImportFormat.recognize` makes of a file.
public enum ImportRecognition: Hashable, Sendable {
  /// The file is in this format.
  case format(ImportFormat)
  /// None of the formats: what the file looks like, and the format it is closest to (nil
  /// when it is like none of them), for an error that names `--format` to force it.
  case notRecognized(ImportLook, closest: ImportFormat?)
}

/// What a file that is no format `import` reads looks like, for its error.
public enum ImportLook: Hashable, Sendable {
  case empty
  /// A JSON object, with its first keys.
  case jsonObject(keys: [String])
  /// A JSON array, with the first keys of its first object (none when it holds no object).
  case jsonArray(keys: [String])
  /// Text that is not valid JSON though it starts as JSON does.
  case brokenJSON
  case html
  case text
  /// Not text (NUL bytes, or not UTF-8).
  case binary
}

/// The start of a file, as detectors look at it.
public struct ImportSample: Sendable {
  /// The whole file.
  public let bytes: [UInt8]
  /// The index of the first byte after a UTF-8 BOM and white space.
  public let start: Int
  /// The first 64 KiB from `start`, decoded as UTF-8.
  public let head: String
  /// `head` in lower case.
  public let lowercasedHead: String

  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var index = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    start = index
    head = String(decoding: bytes[index..<min(bytes.count, index + 65_536)], as: UTF8.self)
    lowercasedHead = head.lowercased()
  }

  /// The first byte that is not white space, nil for an empty file.
  public var first: UInt8? { start < bytes.count ? bytes[start] : nil }

  /// True when the bytes from `start` begin with `text`.
  public func starts(with text: String) -> Bool {
    bytes[start...].starts(with: Array(text.utf8))
  }

  /// True when `head` has `"key"` followed by a `:` (white space allowed between): a JSON
  /// member of that name, not the same word as a value or inside a string.
  public func hasJSONKey(_ key: String) -> Bool {
    let quoted = Array("\"\(key)\"".utf8)
    let utf8 = Array(head.utf8)
    var index = 0
    while index + quoted.count <= utf8.count {
      // After a backslash the quote is inside a string: `\"href\":` in a note is text.
      if utf8[index] == quoted[0], index == 0 || utf8[index - 1] != UInt8(ascii: "\\"),
        utf8[index..<index + quoted.count].elementsEqual(quoted)
      {
        var after = index + quoted.count
        while after < utf8.count, [0x20, 0x09, 0x0A, 0x0D].contains(utf8[after]) { after += 1 }
        if after < utf8.count, utf8[after] == UInt8(ascii: ":") { return true }
      }
      index += 1
    }
    return false
  }
}

extension ImportFormat {
  /// The detectors, in order: the first to name a format wins.
  ///
  /// Each family has one function; a format whose mark is more particular comes before one
  /// it could be mistaken for (Pocket's HTML before Netscape's, Chrome's object before JSON
  /// Lines).
  public static let detectors: [@Sendable (ImportSample) -> ImportFormat?] = [
    detectMozLz4,
    // Firefox's places.sqlite, by SQLite's header.
    { $0.bytes.starts(with: Array("SQLite format 3\0".utf8)) ? .firefoxPlaces : nil },
    detectJSONFamily,
    detectMarkdown,
    // Pocket's HTML export, before Netscape's marks, which it also has.
    { PocketHTML.isExport($0.bytes[$0.start...]) ? .pocketHTML : nil },
    // The services' CSV exports by their header row, XBEL by its root element.
    { CSVTable.detect($0.bytes) ?? XBELDetect.format($0.bytes) },
    detectNetscape,
  ]

  /// The format of `bytes`, or what they look like when they are none of the formats.
  public static func recognize(_ bytes: [UInt8]) -> ImportRecognition {
    let sample = ImportSample(bytes)
    for detector in detectors {
      if let format = detector(sample) { return .format(format) }
    }
    return ImportLooks.notRecognized(sample)
  }

  /// The format of `bytes`, nil when it is none of them (`recognize` says what it is like).
  public static func detect(_ bytes: [UInt8]) -> ImportFormat? {
    if case .format(let format) = recognize(bytes) { return format }
    return nil
  }

  /// Firefox's compressed backup (`.jsonlz4`): the mozLz4 magic `mozLz40\0`.
  static func detectMozLz4(_ sample: ImportSample) -> ImportFormat? {
    sample.bytes.starts(with: MozLz4.magic) ? .firefoxJSON : nil
  }

  /// The JSON formats, told apart by the names of their members.
  ///
  /// holder-git's own JSON and JSON Lines need a `url` member: a JSON file of something else
  /// is not read as bookmarks with nothing in them.
  static func detectJSONFamily(_ sample: ImportSample) -> ImportFormat? {
    guard let first = sample.first, first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
    else { return nil }
    let key = sample.hasJSONKey
    if first == UInt8(ascii: "{"), key("roots"), key("bookmark_bar") || key("version") {
      return .chrome
    }
    if sample.head.contains("\"text/x-moz-place"), key("children") || key("uri") {
      return .firefoxJSON
    }
    if key("url"), key("slug"), key("savedAt") || key("labels") { return .omnivore }
    if key("href"), key("description"),
      key("extended") || key("toread") || key("shared") || key("hash")
    {
      return .pinboard
    }
    if key("uri"), key("index"), key("tags") || key("description") { return .buku }
    if first == UInt8(ascii: "[") {
      if key("url") { return .json }
      // An empty array: what `export --format json` writes for an empty store.
      let rest = sample.head.utf8.dropFirst().filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
      return rest.elementsEqual("]".utf8) ? .json : nil
    }
    let firstLine = sample.head.prefix { $0 != "\n" && $0 != "\r\n" }
    if ImportSample(Array(firstLine.utf8)).hasJSONKey("url") { return .jsonl }
    // One bookmark object over several lines (`show --json`): JSON, which reads one object.
    return key("url") ? .json : nil
  }

  /// holder-git's Markdown: a heading or a link item first.
  static func detectMarkdown(_ sample: ImportSample) -> ImportFormat? {
    if sample.starts(with: "#") { return .markdown }
    // A list written by hand: its first line an item (`-`, `*`, `+`, `1.`, `1)`, a task box)
    // that holds a link, or a bare address; the reader takes every such line.
    var line = Substring(sample.head.prefix { $0 != "\n" && $0 != "\r" })
    if let marker = line.first, "-*+".contains(marker), line.dropFirst().first == " " {
      line = line.dropFirst(2)
    } else if let digits = line.firstIndex(where: { !$0.isASCII || !$0.isNumber }),
      digits != line.startIndex, ".)".contains(line[digits]),
      line[line.index(after: digits)...].first == " "
    {
      line = line[line.index(digits, offsetBy: 2)...]
    }
    for box in ["[ ] ", "[x] ", "[X] "] where line.hasPrefix(box) { line = line.dropFirst(4) }
    // `[` only as an inline link's text (a JSON array starts with `[` too).
    if line.hasPrefix("["), line.contains("](") { return .markdown }
    let link = ["<http://", "<https://", "http://", "https://"]
    return link.contains { line.hasPrefix($0) } ? .markdown : nil
  }

  /// A Netscape file: `<!DOCTYPE NETSCAPE…`, a `<DL>` list or a `<DT>` entry in its first
  /// 64 KiB.
  static func detectNetscape(_ sample: ImportSample) -> ImportFormat? {
    let marks = ["<!doctype netscape", "<dl", "<dt"]
    return marks.contains { sample.lowercasedHead.contains($0) } ? .netscape : nil
  }
}

/// What a file no detector named looks like, and the format nearest to it.
enum ImportLooks {
  static func notRecognized(_ sample: ImportSample) -> ImportRecognition {
    guard let first = sample.first else { return .notRecognized(.empty, closest: nil) }
    let bytes = sample.bytes
    if bytes.contains(0) || String(validating: bytes[sample.start...], as: UTF8.self) == nil {
      return .notRecognized(.binary, closest: nil)
    }
    switch first {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      // The error path only: reading the whole file costs nothing worth saving here.
      guard let value = try? JSONReader.read(bytes, file: "") else {
        // Several objects, one a line, are JSON Lines, not one JSON value.
        return .notRecognized(
          first == UInt8(ascii: "{") ? .jsonObject(keys: firstLineKeys(sample)) : .brokenJSON,
          closest: first == UInt8(ascii: "{") ? .jsonl : .json)
      }
      switch value {
      case .object(let members):
        return .notRecognized(.jsonObject(keys: members.prefix(6).map(\.key)), closest: .jsonl)
      case .array(let elements):
        var keys: [String] = []
        if case .object(let members)? = elements.first(where: {
          if case .object = $0 { true } else { false }
        }) {
          keys = members.prefix(6).map(\.key)
        }
        return .notRecognized(.jsonArray(keys: keys), closest: .json)
      default:
        return .notRecognized(.brokenJSON, closest: .json)
      }
    case UInt8(ascii: "<"):
      return .notRecognized(.html, closest: .netscape)
    default:
      return .notRecognized(.text, closest: .markdown)
    }
  }

  private static func firstLineKeys(_ sample: ImportSample) -> [String] {
    let line = Array(sample.head.prefix { $0 != "\n" && $0 != "\r\n" }.utf8)
    if case .object(let members)? = try? JSONReader.read(line, file: "") {
      return members.prefix(6).map(\.key)
    }
    return []
  }
}
