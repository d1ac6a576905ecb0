// The `Bookmarks` file of Chromium-family browsers read as import entries.

import Localization

/// Reads the `Bookmarks` file of Chrome, Chromium, Edge, Brave and Vivaldi: one JSON object
/// whose `roots` hold the browser's own folders (`bookmark_bar`, `other`, `synced`).
///
/// Follows the file as Chromium writes it (`components/bookmarks/browser/bookmark_codec.cc`,
/// version 1): each node has `type` `url` or `folder`, a `name`, `date_added` as microseconds
/// since 1601 in a string, and a folder its `children`. Folders become tags as in a Netscape
/// file: the root folders, whatever the browser's language calls them, are left out, and
/// folders under them are nested tags (`FolderOptions`). `meta_info`, `guid`, `id` and
/// `date_last_used` are the browser's own bookkeeping and are not kept.
public enum ChromeBookmarksReader {
  /// Every link of the file, in the order of the roots and of their children; `line` is the
  /// position of the node among all nodes read, from 1.
  public static func read(_ bytes: [UInt8], file: String, options: FolderOptions) -> [Result<
    ImportEntry, ImportSkipReason
  >] {
    let value: JSONValue
    switch ImportJSONRecords.document(bytes, file: file) {
    case .success(let read): value = read
    case .failure(let reason): return [.failure(reason)]
    }
    guard case .object(let roots)? = value[member: "roots"] else {
      return [
        .failure(
          .unreadable(
            Message("the file has no \"roots\" object, as Chrome's Bookmarks has").english))
      ]
    }
    var reader = Walk(options: options)
    for (key, root) in roots {
      guard case .object = root else { continue }
      // A root with no name (an old or hand-made file) is named by its key.
      let name = root.text("name") ?? key
      reader.folder(root, path: [name])
    }
    return reader.results
  }

  private struct Walk {
    let options: FolderOptions
    var results: [Result<ImportEntry, ImportSkipReason>] = []
    var line = 0

    mutating func folder(_ node: JSONValue, path: [String]) {
      for child in node.elements("children") {
        line += 1
        switch child.text("type") {
        case "url": results.append(link(child, path: path))
        case "folder":
          folder(child, path: path + [NetscapeItem.oneLineText(child.text("name") ?? "")])
        case let other:
          results.append(
            .failure(
              .unreadable(
                Message("record \(line) has the type '\(other ?? "")', not url or folder").english))
          )
        }
      }
    }

    func link(_ node: JSONValue, path: [String]) -> Result<ImportEntry, ImportSkipReason> {
      guard let url = node.text("url") else {
        return .failure(.unreadable(Message("record \(line) has no \"url\"").english))
      }
      var warnings: [String] = []
      let created = ImportJSONDate.parse(
        node.text("date_added"), field: "date_added", warnings: &warnings)
      let tag = NetscapeFolders.tag(for: path, systemFolders: [0], options: options)
      var entry = ImportEntry(
        url: url.trimmingSpacesAndNewlines(),
        title: NetscapeItem.oneLineText(node.text("name") ?? ""), tags: tag.map { [$0] } ?? [],
        created: created, line: line)
      entry.warnings = warnings
      return .success(entry)
    }
  }
}
