import Localization

/// Reads holder-git's own JSON and JSON Lines: the documented `--json` shape of
/// `BookmarkJSONObject` (a bookmark file's object plus the derived `path` and `readableURL`),
/// decoded by that type, so export and import share one shape.
///
/// A record that is not a full bookmark still imports when it has a `url` (with
/// `title`, `note`, `tags`, `favorite` when present, and the names other managers' JSON
/// gives a note and a date, such as Delicious's `description` and `time`); one that has not
/// is reported, and never stops the others.
public enum JSONImportReader {
  /// Every record of a JSON array (`[…]`) or a single object, in order.
  public static func readJSON(_ bytes: [UInt8], file: String) -> [Result<
    ImportEntry, ImportSkipReason
  >] {
    let value: JSONValue
    switch ImportJSONRecords.document(bytes, file: file) {
    case .success(let read): value = read
    case .failure(let reason): return [.failure(reason)]
    }
    switch value {
    case .array(let elements):
      return elements.enumerated().map { entry(from: $1, line: $0 + 1) }
    default:
      return [entry(from: value, line: 1)]
    }
  }

  /// Every line of a JSON Lines file; blank lines are skipped, `line` is the file's line.
  public static func readJSONLines(_ bytes: [UInt8], file: String) -> [Result<
    ImportEntry, ImportSkipReason
  >] {
    var results: [Result<ImportEntry, ImportSkipReason>] = []
    var start = JSONReader.byteOrderMarkLength(of: bytes)
    var line = 1
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      let record = Array(bytes[start..<end])
      if record.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) {
        do {
          results.append(entry(from: try JSONReader.read(record, file: file), line: line))
        } catch {
          results.append(
            .failure(.unreadable("line \(line): " + (error.errorDescription ?? "\(error)"))))
        }
      }
      start = end + 1
      line += 1
    }
    return results
  }

  static func entry(from value: JSONValue, line: Int) -> Result<ImportEntry, ImportSkipReason> {
    guard case .object(let members) = value else {
      return .failure(.unreadable(Message("record \(line) is not an object").english))
    }
    let kept = members.filter { !BookmarkJSONObject.derivedKeys.contains($0.key) }
    if let bookmark = try? BookmarkJSONObject.bookmark(from: value) {
      return .success(ImportEntry(bookmark: bookmark, line: line))
    }
    func string(_ key: String) -> String? {
      if case .string(let text)? = kept.first(where: { $0.key == key })?.value { return text }
      return nil
    }
    guard let url = string("url") else {
      return .failure(.unreadable(Message("record \(line) has no \"url\"").english))
    }
    var tags: [String] = []
    switch kept.first(where: { $0.key == "tags" })?.value {
    case .array(let values)?:
      for case .string(let tag) in values { tags += TagText.tag(tag).map { [$0] } ?? [] }
    case .string(let list)?:
      // Other managers' JSON (Delicious's among them) list tags in one text.
      let separator: Unicode.Scalar = list.unicodeScalars.contains(",") ? "," : " "
      tags = ImportJSONRecords.tags(list, separator: separator)
    default: break
    }
    var favorite: Bool?
    if case .bool(let flag)? = kept.first(where: { $0.key == "favorite" })?.value {
      favorite = flag
    }
    // Other managers' JSON (Delicious's) name the note and the date their own way: each name
    // is read, so a file that is not holder-git's keeps its description and its date.
    let note = noteKeys.lazy.compactMap(string).first { !$0.isEmpty } ?? ""
    var warnings: [String] = []
    var created: Timestamp?
    for key in createdKeys {
      guard let value = kept.first(where: { $0.key == key })?.value else { continue }
      let written: String? =
        switch value {
        case .string(let text): text
        case .number(let text): text
        default: nil
        }
      created = ImportJSONDate.parse(written, field: key, warnings: &warnings)
      break
    }
    var entry = ImportEntry(
      url: url, title: string("title") ?? "", note: note, tags: tags,
      favorite: favorite, created: created,
      lastModified: string("lastModified").flatMap(Timestamp.init(rfc3339:)), line: line)
    entry.warnings = warnings
    return .success(entry)
  }

  /// The names other programs give a bookmark's note, most particular first.
  static let noteKeys = ["note", "notes", "description", "extended", "comment"]
  /// The names other programs give the time a bookmark was saved.
  static let createdKeys = [
    "created", "created_at", "createdAt", "date_added", "dateAdded", "add_date", "added",
    "time", "date", "timestamp",
  ]
}
