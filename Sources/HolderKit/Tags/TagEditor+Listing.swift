import HolderCore

/// One tag of the store with how many bookmarks carry it.
public struct TagInfo: Hashable, Sendable {
  /// The tag's path in the store's spelling (`dev/swift`).
  public var tag: String
  /// Its last segment (`swift`).
  public var name: String
  /// How deep it is nested: 0 for a top-level tag, 1 for `dev/swift`.
  public var depth: Int
  /// Bookmarks with exactly this tag.
  public var count: Int
  /// Bookmarks with this tag or a tag under it.
  public var total: Int

  /// Makes a tag's summary.
  public init(tag: String, name: String, depth: Int, count: Int, total: Int) {
    self.tag = tag
    self.name = name
    self.depth = depth
    self.count = count
    self.total = total
  }
}

/// The tags of the store in the user's order (`.holder/store.json`), then alphabetically.
public struct TagListing: Sendable {
  /// Every tag and every parent of a nested tag, parents before their children and siblings
  /// in order: the tree view.
  public var tree: [TagInfo]
  /// The tags bookmarks carry, in order, without parents that no bookmark carries itself.
  public var flat: [TagInfo]
  /// Files that could not be read (their tags are not counted).
  public var problems: [StoreProblem]
}

extension TagEditor {
  /// See `Store.tags`.
  func tags() -> TagListing {
    // From the index, which reads only what changed: reading every file took 4.9 s at 100k.
    store.bookmarkIndex().tags(order: store.settings.tagOrder)
  }
}

/// The tags of a set of bookmarks, keyed by `Bookmark.tagKey`, with the store's spelling.
struct TagCatalog {
  /// Key → spelling, for every tag and every parent of one.
  private(set) var spelling: [String: String] = [:]
  private(set) var count: [String: Int] = [:]
  private(set) var total: [String: Int] = [:]
  /// Key → the position in the user's order.
  let position: [String: Int]

  init(bookmarks: [Bookmark], order: [String]) {
    self.init(tagLists: bookmarks.lazy.map(\.tags), order: order)
  }

  /// The catalog of bookmarks given by their tags alone.
  init(tagLists: some Sequence<[String]>, order: [String]) {
    var position: [String: Int] = [:]
    for (index, tag) in order.enumerated() where position[Bookmark.tagKey(tag)] == nil {
      position[Bookmark.tagKey(tag)] = index
      spelling[Bookmark.tagKey(tag)] = tag
    }
    self.position = position
    // Each spelling's paths and keys, made once: a store has hundreds of tags on 100k
    // bookmarks, and folding each bookmark's tags anew took half a second there.
    var expanded: [String: (own: String, paths: [(path: String, key: String)])] = [:]
    var counted: Set<String> = []
    for tags in tagLists {
      counted.removeAll(keepingCapacity: true)
      for tag in tags {
        let parts =
          expanded[tag]
          ?? {
            let segments = tag.slashSeparated()
            let paths = (1...segments.count).map { depth in
              let path = segments.prefix(depth).joined(separator: "/")
              return (path: path, key: Bookmark.tagKey(path))
            }
            let made = (own: Bookmark.tagKey(tag), paths: paths)
            expanded[tag] = made
            return made
          }()
        for (path, key) in parts.paths {
          if let known = spelling[key] {
            if known.unicodeScalars.lexicographicallyPrecedes(path.unicodeScalars) == false,
              position[key] == nil
            {
              spelling[key] = path
            }
          } else {
            spelling[key] = path
          }
          if counted.insert(key).inserted { total[key, default: 0] += 1 }
        }
        count[parts.own, default: 0] += 1
      }
    }
  }

  /// True when the tag `key` comes before `other` in the listing.
  func precedes(_ key: String, _ other: String) -> Bool {
    switch (position[key], position[other]) {
    case (let one?, let two?): return one < two
    case (.some, nil): return true
    case (nil, .some): return false
    case (nil, nil): return key.unicodeScalars.lexicographicallyPrecedes(other.unicodeScalars)
    }
  }

  func info(_ key: String) -> TagInfo {
    let tag = spelling[key] ?? key
    let segments = tag.slashSeparated()
    return TagInfo(
      tag: tag, name: segments.last ?? tag, depth: segments.count - 1,
      count: count[key] ?? 0, total: total[key] ?? 0)
  }

  /// Tags carried by bookmarks, in the user's order then alphabetically.
  func flat() -> [TagInfo] {
    count.keys.sorted(by: precedes).map(info)
  }

  /// Every tag and parent, depth first, siblings in order.
  func tree() -> [TagInfo] {
    var children: [String: [String]] = [:]
    for key in total.keys {
      let parent = key.slashSeparated().dropLast().joined(separator: "/")
      children[parent, default: []].append(key)
    }
    var result: [TagInfo] = []
    func visit(_ parent: String) {
      for key in (children[parent] ?? []).sorted(by: precedes) {
        result.append(info(key))
        visit(key)
      }
    }
    visit("")
    return result
  }
}
