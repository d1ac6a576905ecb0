import Localization

/// Reads holder-git's own JSON and JSON Lines: the documented `--json` shape of
/// `BookmarkJSONObject` (a bookmark file's object plus the derived `path` and `readableURL`),
/// decoded by that type, so export and import share one shape.
///
/// A record that is not a full bookmark still imports when it has a `url` (with
/// `title`, `note`, `tags`, `favorite` when present); one that has not is reported, and
/// never stops the others.
public enum JSONImportReader {
  /// Every record of a JSON array (`[…]`) or a single object, in order.
  public static func readJSON(_ bytes: [UInt8], file: String) -> [Result<
    ImportEntry, ImportSkipReason
  >] {
    let value: JSONValue
    do {
      value = try JSONReader.read(bytes, file: file)
    } catch {
      return [.failure(.unreadable(error.errorDescription ?? "\(error)"))]
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
    if case .array(let values)? = kept.first(where: { $0.key == "tags" })?.value {
      for case .string(let tag) in values { tags += TagText.tag(tag).map { [$0] } ?? [] }
    }
    var favorite: Bool?
    if case .bool(let flag)? = kept.first(where: { $0.key == "favorite" })?.value {
      favorite = flag
    }
    return .success(
      ImportEntry(
        url: url, title: string("title") ?? "", note: string("note") ?? "", tags: tags,
        favorite: favorite, created: string("created").flatMap(Timestamp.init(rfc3339:)),
        lastModified: string("lastModified").flatMap(Timestamp.init(rfc3339:)), line: line))
  }
}
