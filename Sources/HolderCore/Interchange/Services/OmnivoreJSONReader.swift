// Omnivore's JSON export read as import entries.

import Localization

/// Reads Omnivore's export (the `metadata_N.json` files of its export zip): an array of
/// saved articles.
///
/// Follows the export as Omnivore's exporter wrote it (`packages/api` `exportJob`, until the
/// service closed in November 2024): `url`, `title`, `description` (the page's own, kept as
/// the bookmark's page description, not as a note of the user's), `author`, `labels` (names,
/// or objects with a `name`) as tags, `savedAt` the date saved, `updatedAt` the last change,
/// `publishedAt` the page's date, `state`. An article not `Archived` becomes `toread`, as
/// Pocket's unread items do; a `Deleted` one is kept with the tag `deleted`, so nothing is
/// lost and it is easy to find and remove. `id` and `slug` are Omnivore's own and are not
/// kept; `author` and `publishedAt` go into the page description's fields.
public enum OmnivoreJSONReader {
  public static func read(_ bytes: [UInt8], file: String) -> [Result<
    ImportEntry, ImportSkipReason
  >] {
    ImportJSONRecords.read(bytes, file: file) { record, line in
      guard let url = record.text("url") else {
        return .failure(.unreadable(Message("record \(line) has no \"url\"").english))
      }
      var warnings: [String] = []
      let created = ImportJSONDate.parse(
        record.text("savedAt"), field: "savedAt", warnings: &warnings)
      let modified = ImportJSONDate.parse(
        record.text("updatedAt"), field: "updatedAt", warnings: &warnings)
      let published = ImportJSONDate.parse(
        record.text("publishedAt"), field: "publishedAt", warnings: &warnings)
      // Labels are names, or objects with a `name`.
      var tags = record.elements("labels").compactMap { label -> String? in
        if case .string(let name) = label { return TagText.tag(name) }
        return label.text("name").flatMap(TagText.tag)
      }
      switch record.text("state")?.lowercased() {
      case "archived": break
      case "deleted": tags.append("deleted")
      default: tags.append("toread")
      }
      var metadata = PageMetadata()
      if let description = record.text("description")?.trimmingSpacesAndNewlines(),
        !description.isEmpty
      {
        metadata.description = description
      }
      if let author = record.text("author")?.trimmingSpacesAndNewlines(), !author.isEmpty {
        metadata.extra["author"] = .string(author)
      }
      if let published { metadata.extra["published"] = .string(published.rfc3339) }
      var entry = ImportEntry(
        url: url.trimmingSpacesAndNewlines(),
        title: NetscapeItem.oneLineText(record.text("title") ?? ""), tags: tags,
        created: created, lastModified: modified.map { max($0, created ?? $0) },
        metadata: metadata.isEmpty ? nil : metadata, line: line)
      entry.warnings = warnings
      return .success(entry)
    }
  }
}
