import Localization

/// Reads the CSV file Raindrop.io exports (Settings → Backups, or "Export" on a collection).
///
/// Follows Raindrop's help page on export formats: the header
/// `id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite`. What each
/// becomes:
/// - `title`, `url` and `note` the bookmark's own; `highlights` (text the user marked on the
///   page) follow the note after a blank line, so they are not lost;
/// - `excerpt` (the page's description, which Raindrop fetched) and `cover` (the page's
///   image) the page metadata's `description` and `image`, where holder-git's own fetch puts
///   them: they are what the page says, not what the user wrote;
/// - `folder` (the collection, `Parent/Child` for a nested one) a tag path, as folders are
///   for a Netscape file (same `--no-folders-as-tags` and `--folder-prefix`); Raindrop's own
///   `Unsorted` is no folder of the user's and gives no tag;
/// - `tags` (separated by `,`) tags; `created` (ISO 8601) the creation time; `favorite`
///   (`true` / `false`) the favourite flag;
/// - `id` is Raindrop's own number, which means nothing here: it is not kept.
public enum RaindropCSVReader {
  public static func read(_ bytes: [UInt8], folders: FolderOptions = FolderOptions())
    -> [Result<ImportEntry, ImportSkipReason>]
  {
    guard let table = CSVTable(bytes) else { return [] }
    let missing = table.missing(["url"])
    guard missing.isEmpty else {
      return [CSVTable.missingColumns(missing, format: .raindropCSV)]
    }
    return table.records.map { result in
      switch result {
      case .failure(let malformed): return CSVTable.skip(malformed)
      case .success(let record): return .success(entry(record, table: table, folders: folders))
      }
    }
  }

  /// Raindrop's folder for bookmarks in no collection.
  static let unsorted = "unsorted"

  private static func entry(_ record: CSVReader.Record, table: CSVTable, folders: FolderOptions)
    -> ImportEntry
  {
    func field(_ name: String) -> String { table.field(name, of: record) ?? "" }
    var entry = ImportEntry(
      url: field("url").trimmingSpacesAndNewlines(),
      title: NetscapeItem.oneLineText(field("title")), line: record.line)
    if let warning = table.lengthWarning(record) { entry.warnings.append(warning) }
    let parts = [field("note"), field("highlights")].map(NetscapeItem.trimmedLines)
    entry.note = parts.filter { !$0.isEmpty }.joined(separator: "\n\n")
    var metadata = PageMetadata()
    let excerpt = NetscapeItem.trimmedLines(field("excerpt"))
    if !excerpt.isEmpty { metadata.description = excerpt }
    let cover = field("cover").trimmingSpacesAndNewlines()
    if !cover.isEmpty { metadata.image = cover }
    if !metadata.isEmpty { entry.metadata = metadata }
    let folder = field("folder").trimmingSpacesAndNewlines()
    if !folder.isEmpty, folder.lowercased() != unsorted,
      let tag = CSVTable.folderTag(folder.slashSeparated(), options: folders)
    {
      entry.tags.append(tag)
    }
    entry.tags += TagText.commaSeparated(field("tags")).compactMap(TagText.tag)
    let created = field("created").trimmingSpaces()
    if !created.isEmpty {
      if let time = Timestamp(rfc3339: created) ?? ImportDate.parse(created) {
        entry.created = time
      } else {
        entry.warnings.append(
          Message("the creation date '\(created)' is not a date; the import time is used")
            .english)
      }
    }
    switch field("favorite").trimmingSpaces().lowercased() {
    case "true": entry.favorite = true
    case "false": entry.favorite = false
    case "": break
    case let other:
      entry.warnings.append(
        Message("the favourite flag '\(other)' is neither 'true' nor 'false'; it was left out")
          .english)
    }
    return entry
  }
}
