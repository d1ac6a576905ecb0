// Pinboard's JSON export read as import entries.

import Localization

/// Reads Pinboard's JSON export (Settings → Backup → JSON, and the API's `posts/all`): an
/// array of posts.
///
/// Follows Pinboard's API documentation (pinboard.in/api, `posts/get`): `href` is the URL,
/// `description` the title, `extended` the note, `time` the date saved (ISO 8601, UTC),
/// `tags` a space-separated list, `toread` and `shared` `yes` or `no`. Del.icio.us wrote the
/// same members and reads the same. `toread: yes` becomes the tag `toread`, as a Netscape
/// file's `TOREAD="1"` does; `shared: no` (a private bookmark) is kept in the bookmark's own
/// field `private: true`, so it is not lost though holder-git has no private bookmarks.
/// `hash` and `meta` are Pinboard's checksums of the URL and the post, meaningless
/// elsewhere, and are not kept.
public enum PinboardJSONReader {
  public static func read(_ bytes: [UInt8], file: String) -> [Result<
    ImportEntry, ImportSkipReason
  >] {
    ImportJSONRecords.read(bytes, file: file) { record, line in
      guard let url = record.text("href") else {
        return .failure(.unreadable(Message("record \(line) has no \"href\"").english))
      }
      var warnings: [String] = []
      let created = ImportJSONDate.parse(record.text("time"), field: "time", warnings: &warnings)
      var tags = ImportJSONRecords.tags(record.text("tags"), separator: " ")
      if record.text("toread")?.lowercased() == "yes" { tags.append("toread") }
      var extra: [String: JSONValue] = [:]
      if record.text("shared")?.lowercased() == "no" { extra["private"] = .bool(true) }
      var entry = ImportEntry(
        url: url.trimmingSpacesAndNewlines(),
        title: NetscapeItem.oneLineText(record.text("description") ?? ""),
        note: NetscapeItem.trimmedLines(record.text("extended") ?? ""), tags: tags,
        created: created, extra: extra, line: line)
      entry.warnings = warnings
      return .success(entry)
    }
  }
}
