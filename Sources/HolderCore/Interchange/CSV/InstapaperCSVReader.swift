import Localization

/// Reads the CSV file Instapaper exports (Settings → Export → "Download .CSV file").
///
/// Follows Instapaper's export: the header `URL,Title,Selection,Folder,Timestamp` (later
/// exports add `Tags`). What each becomes: the URL and title; `Selection` (the text the user
/// selected when saving) the note; `Timestamp` (seconds since 1970) the creation time;
/// `Folder` `Unread` the tag `toread` (as the Netscape import gives `TOREAD="1"`), `Archive`
/// nothing (read), `Starred` the favourite flag, any other folder a tag (one level:
/// Instapaper's folders do not nest, so a `/` in a name does not either); `Tags`, when
/// there, tags (a JSON list of names, or names separated by `,`).
public enum InstapaperCSVReader {
  public static func read(_ bytes: [UInt8], folders: FolderOptions = FolderOptions())
    -> [Result<ImportEntry, ImportSkipReason>]
  {
    guard let table = CSVTable(bytes) else { return [] }
    let missing = table.missing(["url"])
    guard missing.isEmpty else {
      return [CSVTable.missingColumns(missing, format: .instapaperCSV)]
    }
    return table.records.map { result in
      switch result {
      case .failure(let malformed): return CSVTable.skip(malformed)
      case .success(let record): return .success(entry(record, table: table, folders: folders))
      }
    }
  }

  private static func entry(_ record: CSVReader.Record, table: CSVTable, folders: FolderOptions)
    -> ImportEntry
  {
    func field(_ name: String) -> String { table.field(name, of: record) ?? "" }
    var entry = ImportEntry(
      url: field("url").trimmingSpacesAndNewlines(),
      title: NetscapeItem.oneLineText(field("title")),
      note: NetscapeItem.trimmedLines(field("selection")), line: record.line)
    if let warning = table.lengthWarning(record) { entry.warnings.append(warning) }
    let folder = NetscapeItem.oneLineText(field("folder"))
    switch folder.lowercased() {
    case "unread": entry.tags.append("toread")
    case "starred": entry.favorite = true
    case "archive", "": break
    default:
      if let tag = CSVTable.folderTag([folder], options: folders) { entry.tags.append(tag) }
    }
    entry.tags += tags(field("tags"))
    let timestamp = field("timestamp").trimmingSpaces()
    if !timestamp.isEmpty {
      if let created = ImportDate.parse(timestamp) {
        entry.created = created
      } else {
        entry.warnings.append(
          Message("the timestamp '\(timestamp)' is not a date; the import time is used").english)
      }
    }
    return entry
  }

  /// The tags of a `Tags` field: a JSON list (`["a","b"]`) or names separated by `,`.
  private static func tags(_ text: String) -> [String] {
    let trimmed = text.trimmingSpaces()
    if trimmed.hasPrefix("["),
      case .array(let values)? = try? JSONReader.read(Array(trimmed.utf8), file: "Tags")
    {
      return values.compactMap { value in
        guard case .string(let name) = value else { return nil }
        return TagText.tag(name)
      }
    }
    return TagText.commaSeparated(trimmed).compactMap(TagText.tag)
  }
}
