// buku's JSON output read as import entries.

import Localization

/// Reads buku's JSON (`buku --print --json`, `buku -p -j`): an array of records.
///
/// Follows buku's documentation (its README and `buku --help`, "--json: JSON formatted output
/// for -p, -s, -S, --st"): `uri` is the URL, `title`, `description` the note, `tags` buku's
/// comma-separated list as it stores it (with a `,` at each end: `,dev,swift,`). `index` is
/// the record's number in buku's database and is not kept; buku keeps no dates, so a
/// bookmark is created when it is imported.
public enum BukuJSONReader {
  public static func read(_ bytes: [UInt8], file: String) -> [Result<
    ImportEntry, ImportSkipReason
  >] {
    ImportJSONRecords.read(bytes, file: file) { record, line in
      guard let url = record.text("uri") else {
        return .failure(.unreadable(Message("record \(line) has no \"uri\"").english))
      }
      return .success(
        ImportEntry(
          url: url.trimmingSpacesAndNewlines(),
          title: NetscapeItem.oneLineText(record.text("title") ?? ""),
          note: NetscapeItem.trimmedLines(record.text("description") ?? ""),
          tags: TagText.commaSeparated(record.text("tags") ?? "").compactMap(TagText.tag),
          line: line))
    }
  }
}
