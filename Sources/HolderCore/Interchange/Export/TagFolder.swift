/// Bookmarks grouped by tag as nested folders: `dev/swift` is folder `swift` inside `dev`.
///
/// A bookmark is placed in the folder of each of its tags (not in the
/// folders above them, which hold it through the sub-folder), like the
/// store's `tags/` view; untagged bookmarks sit in the root. Folders are
/// sorted by Unicode scalar order; tags that differ only in case or
/// normalisation share one folder, named by the first spelling met.
struct TagFolder {
  var name: String
  /// Tag path from the root, `dev/swift`; empty for the root.
  var path: String
  var folders: [TagFolder] = []
  var entries: [ExportEntry] = []

  /// The tree of `entries`, which keep their order inside each folder.
  init(_ entries: [ExportEntry]) {
    var root = Builder(name: "", path: "")
    for entry in entries {
      if entry.bookmark.tags.isEmpty { root.entries.append(entry) }
      for tag in entry.bookmark.tags {
        root.place(entry, at: tag.slashSeparated()[...])
      }
    }
    self = root.folder()
  }

  private init(name: String, path: String, folders: [TagFolder], entries: [ExportEntry]) {
    self.name = name
    self.path = path
    self.folders = folders
    self.entries = entries
  }

  /// How many placements the tree holds: a bookmark counts once per folder it is in.
  var placements: Int {
    folders.reduce(entries.count) { $0 + $1.placements }
  }

  private struct Builder {
    var name: String
    var path: String
    var children: [String: Int] = [:]
    var folders: [Builder] = []
    var entries: [ExportEntry] = []

    init(name: String, path: String) {
      self.name = name
      self.path = path
    }

    mutating func place(_ entry: ExportEntry, at segments: ArraySlice<String>) {
      guard let first = segments.first else { return entries.append(entry) }
      let key = Bookmark.tagKey(first)
      let index: Int
      if let known = children[key] {
        index = known
      } else {
        index = folders.count
        children[key] = index
        folders.append(Builder(name: first, path: path.isEmpty ? first : path + "/" + first))
      }
      folders[index].place(entry, at: segments.dropFirst())
    }

    func folder() -> TagFolder {
      TagFolder(
        name: name, path: path,
        folders: folders.map { $0.folder() }
          .sorted { $0.name.unicodeScalars.lexicographicallyPrecedes($1.name.unicodeScalars) },
        entries: entries)
    }
  }
}
