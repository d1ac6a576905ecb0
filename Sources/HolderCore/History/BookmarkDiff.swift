/// Compares bookmarks: one against another field by field, and two sets matched by id.
public enum BookmarkDiff {
  /// The fields that differ from `old` to `new`, in the file's key order.
  ///
  /// `lastModified` and `created` are bookkeeping, not edits, so they are not listed.
  public static func fields(from old: Bookmark, to new: Bookmark) -> [FieldChange] {
    var changes: [FieldChange] = []
    if old.url != new.url { changes.append(.url(from: old.url, to: new.url)) }
    if old.title != new.title { changes.append(.title(from: old.title, to: new.title)) }
    if old.note != new.note { changes.append(.note(from: old.note, to: new.note)) }
    let oldTags = Set(old.tags)
    let newTags = Set(new.tags)
    if oldTags != newTags {
      changes.append(
        .tags(
          added: new.tags.filter { !oldTags.contains($0) },
          removed: old.tags.filter { !newTags.contains($0) }))
    }
    if old.favorite != new.favorite { changes.append(.favorite(new.favorite)) }
    if old.metadata != new.metadata { changes.append(.metadata) }
    let keys = Set(old.extra.keys).union(new.extra.keys)
    for key in keys.sorted() where old.extra[key] != new.extra[key] {
      changes.append(.ownField(key))
    }
    return changes
  }

  /// What happened between two sets of bookmarks, matched by id (a URL edit that moved a
  /// file is one change, not a deletion and an addition), sorted by title.
  public static func changes(before: [Bookmark], after: [Bookmark]) -> [BookmarkChange] {
    let old = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let new = Dictionary(after.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var result: [BookmarkChange] = []
    for (id, bookmark) in new {
      guard let previous = old[id] else {
        result.append(BookmarkChange(kind: .added, before: nil, after: bookmark))
        continue
      }
      guard previous != bookmark else { continue }
      result.append(
        BookmarkChange(
          kind: .changed, before: previous, after: bookmark,
          fields: fields(from: previous, to: bookmark)))
    }
    for (id, bookmark) in old where new[id] == nil {
      result.append(BookmarkChange(kind: .deleted, before: bookmark, after: nil))
    }
    return result.sorted {
      let left = $0.bookmark?.title ?? ""
      let right = $1.bookmark?.title ?? ""
      return left != right ? left < right : ($0.id?.rawValue ?? "") < ($1.id?.rawValue ?? "")
    }
  }
}
