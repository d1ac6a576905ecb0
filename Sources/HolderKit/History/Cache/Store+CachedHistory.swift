import Git
import HolderCore

/// The history questions that concern some bookmarks only, answered from the history cache:
/// the commits come from the cache, and only the blobs of the changes shown are read.
extension Store {
  /// `history(filter)` for a filter that selects bookmarks (one, or a tag's).
  func cachedHistory(_ filter: HistoryFilter) throws(StoreError) -> [HistoryEntry] {
    let cache = try historyCache()
    let positions = cache.positions()
    var end = cache.commits.count
    if let since = filter.since {
      // The walk stops at the first commit older than `since`, as `history` does.
      end = cache.commits.firstIndex { Self.timestamp($0) < since } ?? end
    }
    func wanted(_ event: HistoryCache.Event) -> Bool {
      guard let tag = filter.tag else { return true }
      return (event.oldTags + event.newTags).contains { ListFilter.tag(tag, covers: $0) }
    }
    var byCommit: [Int: [HistoryCache.Event]] = [:]
    func consider(_ events: [HistoryCache.Event]) {
      for event in events where wanted(event) {
        guard let position = positions[event.commit], position < end else { continue }
        byCommit[position, default: []].append(event)
      }
    }
    if let id = filter.bookmark {
      consider(cache.events[id] ?? [])
    } else {
      for events in cache.events.values { consider(events) }
    }
    var entries: [HistoryEntry] = []
    for position in byCommit.keys.sorted() {
      let commit = cache.commits[position]
      if let device = filter.device, commit.device != device { continue }
      var before: [Bookmark] = []
      var after: [Bookmark] = []
      for event in byCommit[position] ?? [] {
        if let old = event.old, let bookmark = try cachedBlob(old, path: event.path) {
          before.append(bookmark)
        }
        if let new = event.new, let bookmark = try cachedBlob(new, path: event.path) {
          after.append(bookmark)
        }
      }
      let changes = BookmarkDiff.changes(before: before, after: after)
      if changes.isEmpty { continue }
      entries.append(Self.entry(commit, changes: changes))
      if let limit = filter.limit, entries.count >= limit { break }
    }
    return entries
  }

  /// The bookmarks deleted and not brought back since, newest deletion first, from the cache.
  ///
  /// Each one's entry lists that bookmark's deletion only.
  func cachedDeletedBookmarks() throws(StoreError) -> [DeletedBookmark] {
    let cache = try historyCache()
    let positions = cache.positions()
    let present = bookmarkIndex()
    var found: [(position: Int, bookmark: Bookmark)] = []
    for (id, events) in cache.events where !present.holds(id) {
      let newest = events.min { (positions[$0.commit] ?? .max) < (positions[$1.commit] ?? .max) }
      guard let newest, newest.new == nil, let old = newest.old,
        let position = positions[newest.commit],
        let bookmark = try cachedBlob(old, path: newest.path)
      else { continue }
      found.append((position, bookmark))
    }
    found.sort {
      if $0.position != $1.position { return $0.position < $1.position }
      if $0.bookmark.title != $1.bookmark.title { return $0.bookmark.title < $1.bookmark.title }
      return $0.bookmark.id < $1.bookmark.id
    }
    return found.map { item in
      DeletedBookmark(
        bookmark: item.bookmark,
        entry: Self.entry(
          cache.commits[item.position],
          changes: [BookmarkChange(kind: .deleted, before: item.bookmark, after: nil)]))
    }
  }

  /// The bookmark that ever had the file of `url` or an id starting with `prefix`, the one
  /// changed most recently first; nil when none did.
  func cachedBookmarkID(url: String?, idPrefix prefix: String?) throws(StoreError) -> BookmarkID? {
    let cache = try historyCache()
    let positions = cache.positions()
    let path = url.map(BookmarkPath.relativePath(forNormalizedURL:))
    var best: (position: Int, id: BookmarkID)?
    for (id, events) in cache.events {
      let byPrefix = prefix.map { id.rawValue.hasPrefix($0) } ?? false
      for event in events where byPrefix || event.path == path {
        let position = positions[event.commit] ?? .max
        if best == nil || position < best?.position ?? .max { best = (position, id) }
      }
    }
    return best?.id
  }

  /// The ids of every bookmark that ever was whose id starts with `prefix`.
  func cachedBookmarkIDs(withPrefix prefix: String) throws(StoreError) -> Set<BookmarkID> {
    Set(try historyCache().events.keys.filter { $0.rawValue.hasPrefix(prefix) })
  }

  /// The bookmark `id` in the tree of `revision`.
  ///
  /// It is looked up at each path the cache saw it at, so no history is walked. Nil when the cache cannot tell (a revision outside the
  /// current branch's history); `.some(nil)` when the bookmark was not there.
  func cachedVersion(of id: BookmarkID, at revision: String) throws(StoreError) -> Bookmark?? {
    guard let commit = try git({ () throws(GitError) in try repository.resolveRevision(revision) })
    else {
      throw .history(.unknownRevision(revision))
    }
    let cache = try historyCache()
    guard cache.commits.contains(where: { $0.id == commit }) else { return nil }
    let tree = try git { () throws(GitError) in try repository.commit(commit).tree }
    for path in Set((cache.events[id] ?? []).map(\.path)) {
      if let bookmark = try? committedBookmark(at: path, in: tree), bookmark.id == id {
        return .some(bookmark)
      }
    }
    return .some(nil)
  }

  private func cachedBlob(_ id: ObjectID, path: String) throws(StoreError) -> Bookmark? {
    try? BookmarkCodec.decode(
      try git { () throws(GitError) in try repository.blob(id) }, file: path)
  }

  private static func timestamp(_ commit: HistoryCache.CommitInfo) -> Timestamp {
    Timestamp(millisecondsSince1970: commit.time * 1000)
  }

  private static func entry(_ commit: HistoryCache.CommitInfo, changes: [BookmarkChange])
    -> HistoryEntry
  {
    HistoryEntry(
      commit: commit.id.hex, time: timestamp(commit), utcOffsetMinutes: commit.offsetMinutes,
      device: commit.device, subject: commit.subject, changes: changes)
  }
}
