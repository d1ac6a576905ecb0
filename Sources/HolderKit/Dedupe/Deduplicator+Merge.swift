import HolderCore
import Localization

/// What `dedupe` merges (or, with a dry run, would merge).
public struct DedupePlan: Sendable {
  /// The bookmarks merged as they were, the one whose URL is kept first.
  public var merged: [LocatedBookmark]
  /// The one bookmark they become.
  public var result: LocatedBookmark
  /// How their URLs differ.
  public var differences: [NearDuplicate.Difference]
}

/// `dedupe`: merging near-duplicates (or any bookmarks a person names) into one bookmark in
/// one commit, which `undo` takes back. Writes the kept file, removes the others, and brings
/// their tag views up to date.
extension Deduplicator {
  /// See `Store.dedupe`.
  func dedupe(
    _ names: [String], keep: String? = nil, dryRun: Bool = false,
    currentDirectory: String? = nil
  ) throws(StoreError) -> DedupePlan {
    // A dry run writes nothing, and takes no lock.
    if dryRun { return try dedupe(names, keep: keep, in: nil, currentDirectory: currentDirectory) }
    return try store.withTransaction { (transaction) throws(StoreError) -> DedupePlan in
      try dedupe(names, keep: keep, in: transaction, currentDirectory: currentDirectory)
    }
  }

  private func dedupe(
    _ names: [String], keep: String?, in transaction: Transaction?, currentDirectory: String?
  ) throws(StoreError) -> DedupePlan {
    let kept = try keep.map { name throws(StoreError) in
      try store.reader.resolve(name, currentDirectory: currentDirectory)
    }
    var group: [LocatedBookmark] = []
    for name in names {
      let located = try store.reader.resolve(name, currentDirectory: currentDirectory)
      if !group.contains(where: { $0.path == located.path }) { group.append(located) }
    }
    if group.count == 1 {
      group += store.bookmarkIndex().nearDuplicates(of: group[0].bookmark.url).map(\.located)
    }
    guard group.count > 1 else { throw .dedupe(.nothingToDedupe(names.first ?? "")) }
    group.sort {
      $0.bookmark.created != $1.bookmark.created
        ? $0.bookmark.created < $1.bookmark.created : $0.path < $1.path
    }
    if let keep, let kept {
      guard let position = group.firstIndex(where: { $0.path == kept.path }) else {
        throw .dedupe(.notInGroup(keep))
      }
      group.insert(group.remove(at: position), at: 0)
    }
    let bookmark = BookmarkUnion.merged(
      group.map(\.bookmark), survivor: group[0].bookmark.id, now: store.environment.now())
    let target = BookmarkPath.relativePath(forNormalizedURL: bookmark.url)
    let paths = group.map(\.path)
    if !paths.contains(target), store.rootDirectory.existsFile(target) {
      throw .bookmark(.urlInUse(url: bookmark.url, path: target))
    }
    let plan = DedupePlan(
      merged: group, result: LocatedBookmark(path: target, bookmark: bookmark),
      differences: NearDuplicate.differences(among: group.map(\.bookmark.url)))
    guard let transaction else { return plan }
    try store.bookmarkEditor.ensureNoHandEdits(at: paths)
    var change = Change(
      message: Message(
        "Merge \(group.count) bookmarks into \(store.bookmarkEditor.quoted(bookmark.title))"
      ).english
        + "\n\n"
        + group.map {
          "- " + ($0.path == target ? "kept" : "merged")
            + " '\(URLNormalizer.readable($0.bookmark.url))'"
        }
        .joined(separator: "\n"),
      writes: [target: BookmarkCodec.encode(bookmark)])
    change.removals = Set(paths.filter { $0 != target })
    for located in group { change.tagsBefore[located.path] = located.bookmark.tags }
    change.tagsAfter[target] = bookmark.tags
    try transaction.record(change)
    return plan
  }
}
