// Firefox's JSON bookmark backup read as import entries.

import Localization

/// Reads Firefox's bookmark backup (`bookmarks-YYYY-MM-DD.json`, what "Backup…" in the
/// Library writes, and the daily `.jsonlz4` backups once decompressed): one tree of nodes.
///
/// Follows the file as Firefox writes it (`toolkit/components/places/BookmarkJSONUtils`):
/// a node's `type` is `text/x-moz-place` (a bookmark: `uri`, `title`, `dateAdded` and
/// `lastModified` in microseconds since 1970, `tags` a comma-separated list, `keyword`),
/// `text/x-moz-place-container` (a folder with `children`) or `text/x-moz-place-separator`
/// (not a bookmark; skipped). The roots Firefox makes (`menu________`, `toolbar_____`,
/// `unfiled_____`, `mobile______`, each with a `root` member) are left out of tags as the
/// browsers' folders of a Netscape file are; the tags root (`tags________`) repeats what the
/// bookmarks' own `tags` say and is not read. A `keyword` is kept in the bookmark's
/// `keyword` field, a description (an old backup's `bookmarkProperties/description` anno)
/// becomes the note.
public enum FirefoxJSONReader {
  /// The roots Firefox makes itself, by guid.
  static let rootGUIDs: Set<String> = [
    "root________", "menu________", "toolbar_____", "unfiled_____", "mobile______",
  ]
  static let tagsRootGUID = "tags________"

  /// Every bookmark of the tree, in file order; `line` is the node's position from 1.
  public static func read(_ bytes: [UInt8], file: String, options: FolderOptions) -> [Result<
    ImportEntry, ImportSkipReason
  >] {
    let value: JSONValue
    switch ImportJSONRecords.document(bytes, file: file) {
    case .success(let read): value = read
    case .failure(let reason): return [.failure(reason)]
    }
    var walk = Walk(options: options)
    walk.node(value, path: [], system: [])
    return walk.results
  }

  private struct Walk {
    let options: FolderOptions
    var results: [Result<ImportEntry, ImportSkipReason>] = []
    var line = 0

    mutating func node(_ node: JSONValue, path: [String], system: Set<Int>) {
      line += 1
      switch kind(of: node) {
      case "text/x-moz-place":
        results.append(link(node, path: path, system: system))
      case "text/x-moz-place-container":
        let guid = node.text("guid") ?? ""
        if guid == FirefoxJSONReader.tagsRootGUID || node.text("root") == "tagsFolder" { return }
        var path = path
        var system = system
        // The top of the tree (`placesRoot`) is no folder at all; the other roots are the
        // browser's, like a Netscape file's toolbar folder.
        if guid != "root________" && node.text("root") != "placesRoot" {
          if FirefoxJSONReader.rootGUIDs.contains(guid) || node[member: "root"] != nil {
            system.insert(path.count)
          }
          path.append(NetscapeItem.oneLineText(node.text("title") ?? ""))
        }
        for child in node.elements("children") { self.node(child, path: path, system: system) }
      case "text/x-moz-place-separator":
        break
      case let other:
        results.append(
          .failure(
            .unreadable(
              Message("record \(line) has the type '\(other ?? "")', not a bookmark or folder")
                .english)))
      }
    }

    /// `type`, or from the older `typeCode` (1 bookmark, 2 folder, 3 separator).
    func kind(of node: JSONValue) -> String? {
      if let type = node.text("type") { return type }
      switch node.text("typeCode") {
      case "1": return "text/x-moz-place"
      case "2": return "text/x-moz-place-container"
      case "3": return "text/x-moz-place-separator"
      default: return nil
      }
    }

    func link(_ node: JSONValue, path: [String], system: Set<Int>) -> Result<
      ImportEntry, ImportSkipReason
    > {
      guard let url = node.text("uri") else {
        return .failure(.unreadable(Message("record \(line) has no \"uri\"").english))
      }
      var warnings: [String] = []
      let created = ImportJSONDate.parse(
        node.text("dateAdded"), field: "dateAdded", warnings: &warnings)
      let modified = ImportJSONDate.parse(
        node.text("lastModified"), field: "lastModified", warnings: &warnings)
      var tags: [String] = []
      if let folderTag = NetscapeFolders.tag(for: path, systemFolders: system, options: options) {
        tags.append(folderTag)
      }
      tags += TagText.commaSeparated(node.text("tags") ?? "").compactMap(TagText.tag)
      var note = ""
      for anno in node.elements("annos")
      where anno.text("name") == "bookmarkProperties/description" {
        note = NetscapeItem.trimmedLines(anno.text("value") ?? "")
      }
      var extra: [String: JSONValue] = [:]
      if let keyword = node.text("keyword")?.trimmingSpacesAndNewlines(), !keyword.isEmpty {
        extra["keyword"] = .string(keyword)
      }
      var entry = ImportEntry(
        url: url.trimmingSpacesAndNewlines(),
        title: NetscapeItem.oneLineText(node.text("title") ?? ""), note: note, tags: tags,
        created: created, lastModified: modified.map { max($0, created ?? $0) }, extra: extra,
        line: line)
      entry.warnings = warnings
      return .success(entry)
    }
  }
}
