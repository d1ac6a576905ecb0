import Localization

/// Reads the CSV file Pocket's export wrote (`part_000000.csv` in the archive Pocket mailed
/// from 2024 until it closed in July 2025).
///
/// Follows Pocket's export help page: the header `title,url,time_added,tags,status`; `tags`
/// separated by `|`; `time_added` in seconds since 1970; `status` `unread` (still in the
/// list) or `archive` (read). What each becomes: the title, the URL, the creation time, the
/// tags (a `/` in one nests, as in holder-git), and the tag `toread` for `unread`, as the
/// Netscape import gives `TOREAD="1"` (Pinboard). Anything it cannot read (a date, a status)
/// is a warning on the entry.
public enum PocketCSVReader {
  public static func read(_ bytes: [UInt8]) -> [Result<ImportEntry, ImportSkipReason>] {
    guard let table = CSVTable(bytes) else { return [] }
    let missing = table.missing(["url"])
    guard missing.isEmpty else { return [CSVTable.missingColumns(missing, format: .pocketCSV)] }
    return table.records.map { result in
      switch result {
      case .failure(let malformed): return CSVTable.skip(malformed)
      case .success(let record): return .success(entry(record, table: table))
      }
    }
  }

  private static func entry(_ record: CSVReader.Record, table: CSVTable) -> ImportEntry {
    var entry = ImportEntry(
      url: (table.field("url", of: record) ?? "").trimmingSpacesAndNewlines(),
      title: NetscapeItem.oneLineText(table.field("title", of: record) ?? ""),
      line: record.line)
    if let warning = table.lengthWarning(record) { entry.warnings.append(warning) }
    if let added = table.field("time_added", of: record)?.trimmingSpaces(), !added.isEmpty {
      if let created = ImportDate.parse(added) {
        entry.created = created
      } else {
        entry.warnings.append(
          Message("the time added '\(added)' is not a date; the import time is used").english)
      }
    }
    if let tags = table.field("tags", of: record) {
      entry.tags = tags.unicodeScalars.split(separator: "|").compactMap {
        TagText.tag(String(String.UnicodeScalarView($0)))
      }
    }
    switch table.field("status", of: record)?.trimmingSpaces().lowercased() {
    case "unread": entry.tags.append("toread")
    case "archive", "", nil: break
    case let other?:
      entry.warnings.append(
        Message("the status '\(other)' is neither 'unread' nor 'archive'; it was left out")
          .english)
    }
    return entry
  }
}
