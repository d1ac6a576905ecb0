// Firefox's bookmark tree (the rows of `places.sqlite`) read as Netscape links: folders,
// tags, dates and keywords as Firefox's own bookmarks.html export would carry them.

/// The bookmarks of a Firefox profile's `places.sqlite`, from its rows.
///
/// Follows the Places schema Firefox has used since version 39 (Mozilla's "Places Database"
/// documentation and `toolkit/components/places/nsPlacesTables.h`): `moz_bookmarks` holds the
/// tree (`type` 1 a bookmark, 2 a folder, 3 a separator; `parent` the folder; `fk` the page
/// in `moz_places`; `dateAdded` and `lastModified` in microseconds since 1970), under one
/// root whose children are the built-in roots, found by `guid` (`menu________`,
/// `toolbar_____`, `unfiled_____`, `mobile______`, `tags________`). The tags root's
/// children are the tags: a bookmark row in a tag folder gives that tag to its page, it is
/// not a bookmark of its own. `moz_keywords` gives a page its keyword.
///
/// Each bookmark becomes a `NetscapeItem`, so that the folders become tags exactly as they do
/// for a bookmarks.html (`NetscapeItem.entry`): the built-in roots are left out, as the
/// Netscape import leaves out "Bookmarks Menu"; the item's `line` is the row's id.
public enum FirefoxPlaces {
  /// One row of `moz_bookmarks`, its page and keyword joined in.
  public struct Row: Hashable, Sendable {
    public var id: Int64
    /// 1 a bookmark, 2 a folder, 3 a separator.
    public var type: Int64
    public var parent: Int64
    public var title: String?
    public var guid: String?
    /// `moz_places.url`, nil for a folder or a bookmark whose page is missing.
    public var url: String?
    /// `moz_places.title`: the page's own title, used when the bookmark has none.
    public var pageTitle: String?
    public var dateAdded: Int64?
    public var lastModified: Int64?
    public var keyword: String?

    public init(
      id: Int64, type: Int64, parent: Int64, title: String? = nil, guid: String? = nil,
      url: String? = nil, pageTitle: String? = nil, dateAdded: Int64? = nil,
      lastModified: Int64? = nil, keyword: String? = nil
    ) {
      self.id = id
      self.type = type
      self.parent = parent
      self.title = title
      self.guid = guid
      self.url = url
      self.pageTitle = pageTitle
      self.dateAdded = dateAdded
      self.lastModified = lastModified
      self.keyword = keyword
    }
  }

  /// The query whose rows `items` reads, in `Row`'s order of fields; `keywords` false for an
  /// old profile without `moz_keywords` (before Firefox 39).
  public static func query(keywords: Bool) -> String {
    let keyword =
      keywords
      ? "(SELECT k.keyword FROM moz_keywords k WHERE k.place_id = b.fk ORDER BY k.id LIMIT 1)"
      : "NULL"
    return """
      SELECT b.id, b.type, b.parent, b.title, b.guid, p.url, p.title, b.dateAdded, \
      b.lastModified, \(keyword) FROM moz_bookmarks b LEFT JOIN moz_places p ON p.id = b.fk \
      ORDER BY b.parent, b.position, b.id
      """
  }

  static let tagsRootGUID = "tags________"
  static let rootGUID = "root________"

  /// The bookmarks of `rows` (in the order of `query`: folder by folder, in each folder's
  /// order), tags and keywords attached, in the tree's order; tag rows and separators are
  /// not bookmarks.
  public static func items(_ rows: [Row]) -> [NetscapeItem] {
    var byID: [Int64: Row] = [:]
    for row in rows { byID[row.id] = row }
    // The root: by its guid, else (a damaged tree) every row whose parent is not a row.
    let rootIDs = Set(
      rows.filter { $0.guid == rootGUID || byID[$0.parent] == nil }.map(\.id))
    let builtIn = Set(rows.filter { rootIDs.contains($0.parent) }.map(\.id))
    let tagsRoot = rows.first {
      $0.guid == tagsRootGUID || ($0.guid == nil && builtIn.contains($0.id) && $0.title == "tags")
    }?.id

    /// The folder rows from just under a built-in root down to the row's parent; nil when the
    /// chain loops or never reaches the root.
    func chain(of row: Row) -> [Row]? {
      var folders: [Row] = []
      var current = row.parent
      var seen: Set<Int64> = [row.id]
      while !rootIDs.contains(current), !builtIn.contains(current) {
        guard let folder = byID[current], seen.insert(current).inserted else { return nil }
        folders.append(folder)
        current = folder.parent
      }
      if builtIn.contains(current), let top = byID[current] { folders.append(top) }
      return folders.reversed()
    }

    var tags: [String: [String]] = [:]
    var bookmarks: [(row: Row, folders: [String])] = []
    for row in treeOrder(rows, roots: rootIDs) where row.type == 1 {
      guard let folders = chain(of: row) else {
        bookmarks.append((row, []))
        continue
      }
      if let top = folders.first, top.id == tagsRoot {
        // Directly in the tags root is no tag; one level down is the tag's folder.
        guard folders.count >= 2, let tag = folders[1].title, let url = row.url else { continue }
        if !(tags[url]?.contains(tag) ?? false) { tags[url, default: []].append(tag) }
        continue
      }
      // The chain starts at a built-in root (menu, toolbar…), which says nothing of the page.
      bookmarks.append((row, folders.dropFirst().map { $0.title ?? "" }))
    }
    return bookmarks.map { row, folders in
      var attributes: [String: String] = [:]
      if let added = row.dateAdded, added > 0 { attributes["add_date"] = String(added) }
      if let modified = row.lastModified, modified > 0 {
        attributes["last_modified"] = String(modified)
      }
      if let url = row.url, let list = tags[url], !list.isEmpty {
        attributes["tags"] = list.joined(separator: ",")
      }
      if let keyword = row.keyword, !keyword.isEmpty { attributes["shortcuturl"] = keyword }
      let title = row.title.flatMap { $0.isEmpty ? nil : $0 } ?? row.pageTitle ?? ""
      return NetscapeItem(
        href: row.url ?? "", title: title, folders: folders, attributes: attributes,
        line: Int(row.id))
    }
  }

  /// The rows in the tree's order: depth first from the roots, each folder's in `rows` order.
  ///
  /// The order of the browser's menus and of its bookmarks.html, so that of a page bookmarked
  /// twice the first one shown is the one kept. Rows no root reaches come last.
  static func treeOrder(_ rows: [Row], roots: Set<Int64>) -> [Row] {
    var children: [Int64: [Row]] = [:]
    for row in rows { children[row.parent, default: []].append(row) }
    var ordered: [Row] = []
    var visited: Set<Int64> = []
    var stack = Array(rows.filter { roots.contains($0.id) }.reversed())
    while let row = stack.popLast() {
      guard visited.insert(row.id).inserted else { continue }
      ordered.append(row)
      stack += (children[row.id] ?? []).reversed()
    }
    return ordered + rows.filter { !visited.contains($0.id) }
  }

  /// The entry of an item `items` made: `NetscapeItem.entry`, with the keyword kept as the
  /// bookmark's own field `keyword` (holder-git has none, and keeps fields it does not know).
  public static func entry(_ item: NetscapeItem, options: FolderOptions) -> ImportEntry {
    var entry = item.entry(options: options)
    if let keyword = item.attributes["shortcuturl"] { entry.extra["keyword"] = .string(keyword) }
    return entry
  }
}
