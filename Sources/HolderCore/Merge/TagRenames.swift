/// Maps tags through the renames recorded in `.holder/store.json` (DESIGN §5).
///
/// A bookmark tagged offline on one machine follows a rename made on
/// another: every side's tags go through the renames of both sides, oldest
/// first, and a rename of `a` carries `a/b` with it.
public struct TagRenames: Sendable {
  private let renames: [StoreSettings.TagRename]

  /// The union of the rename logs, oldest first (ties by name, so both sides agree).
  public init(_ logs: [[StoreSettings.TagRename]]) {
    var seen: Set<StoreSettings.TagRename> = []
    var all: [StoreSettings.TagRename] = []
    for rename in logs.joined() where seen.insert(rename).inserted { all.append(rename) }
    renames = all.sorted {
      ($0.at, $0.from, $0.to) < ($1.at, $1.from, $1.to)
    }
  }

  /// The united log, oldest first.
  public var log: [StoreSettings.TagRename] { renames }

  /// `tag` after every rename, oldest first.
  public func map(_ tag: String) -> String {
    var current = tag
    for rename in renames {
      let from = Bookmark.tagKey(rename.from)
      let key = Bookmark.tagKey(current)
      if key == from {
        current = rename.to
      } else if key.hasPrefix(from + "/") {
        current = rename.to + String(current.dropFirst(rename.from.count))
      }
    }
    return current
  }

  /// Every tag of `tags` mapped.
  public func map(_ tags: [String]) -> [String] {
    Bookmark.canonicalTags(tags.map(map))
  }
}
