/// Maps tags through the renames recorded in `.holder/store.json` (DESIGN §5).
///
/// A bookmark tagged offline on one machine follows a rename made on
/// another: a version of a bookmark goes through the renames its own side
/// did not know, oldest first, and a rename of `a` carries `a/b` with it. A
/// rename a side knew is never applied to that side's versions: whatever
/// carries the old name there was typed after the rename, on purpose.
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

  private init(sorted: [StoreSettings.TagRename]) {
    renames = sorted
  }

  /// The united log, oldest first.
  public var log: [StoreSettings.TagRename] { renames }

  /// The renames of this log missing from `known`: the ones a version written with the log
  /// `known` in its history has not seen, and so must still go through.
  public func unknown(to known: [StoreSettings.TagRename]) -> TagRenames {
    let seen = Set(known)
    return TagRenames(sorted: renames.filter { !seen.contains($0) })
  }

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
