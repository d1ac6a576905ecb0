/// The file formats `import` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
  /// Netscape Bookmark File (`bookmarks.html`): every browser and most bookmark managers.
  case netscape
  /// holder-git's own `--json` / `export --format json`: one array of bookmark objects.
  case json
  /// JSON Lines: one bookmark object per line.
  case jsonl

  /// The format of `bytes`, from the file's first character (after a BOM and spaces):
  /// `[` is JSON, `{` is JSON Lines, anything else is read as a Netscape file, which the
  /// lenient HTML parser always manages to read.
  public static func detect(_ bytes: [UInt8]) -> ImportFormat {
    var index = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    guard index < bytes.count else { return .netscape }
    switch bytes[index] {
    case UInt8(ascii: "["): return .json
    case UInt8(ascii: "{"): return .jsonl
    default: return .netscape
    }
  }
}
