import Git
import HolderCore

/// The history of each bookmark, as the cache `.holder/local/history-v1` keeps it.
///
/// Brought up to HEAD when asked, it answers `log` for a bookmark or a tag, the deleted
/// bookmarks, the bookmark that once had an id or a link, and a bookmark's version at a
/// revision; only the blobs of the changes an answer shows are read. It owns the cache file
/// (its state), so `Store` holds one and asks it.
final class HistoryLog {
  private let lazyRepository: LazyRepository
  private let root: SafeDirectory
  private let currentHead: () throws(StoreError) -> ObjectID?

  private var repository: Repository { lazyRepository.repository }

  /// `head` says where HEAD points (the store reads it without libgit2 when it can).
  init(
    repository: LazyRepository, root: SafeDirectory,
    head: @escaping () throws(StoreError) -> ObjectID?
  ) {
    lazyRepository = repository
    self.root = root
    currentHead = head
  }

  /// `Store.history(filter)` for a filter that selects bookmarks (one, or a tag's).
  func entries(_ filter: HistoryFilter) throws(StoreError) -> [HistoryEntry] {
    let cache = try cache()
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
        if let old = event.old, let bookmark = try blob(old, path: event.path) {
          before.append(bookmark)
        }
        if let new = event.new, let bookmark = try blob(new, path: event.path) {
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

  /// The bookmarks deleted and not brought back since (`isPresent` says which are there),
  /// newest deletion first.
  ///
  /// Each one's entry lists that bookmark's deletion only.
  func deletedBookmarks(isPresent: (BookmarkID) -> Bool) throws(StoreError)
    -> [DeletedBookmark]
  {
    let cache = try cache()
    let positions = cache.positions()
    var found: [(position: Int, bookmark: Bookmark)] = []
    for (id, events) in cache.events where !isPresent(id) {
      let newest = events.min { (positions[$0.commit] ?? .max) < (positions[$1.commit] ?? .max) }
      guard let newest, newest.new == nil, let old = newest.old,
        let position = positions[newest.commit],
        let bookmark = try blob(old, path: newest.path)
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
  func bookmarkID(url: String?, idPrefix prefix: String?) throws(StoreError) -> BookmarkID? {
    let cache = try cache()
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
  func bookmarkIDs(withPrefix prefix: String) throws(StoreError) -> Set<BookmarkID> {
    Set(try cache().events.keys.filter { $0.rawValue.hasPrefix(prefix) })
  }

  /// The bookmark `id` in the tree of `revision`.
  ///
  /// It is looked up at each path the cache saw it at, so no history is walked. Nil when the
  /// cache cannot tell (a revision outside the current branch's history); `.some(nil)` when
  /// the bookmark was not there.
  func version(of id: BookmarkID, at revision: String) throws(StoreError) -> Bookmark?? {
    guard let commit = try git({ () throws(GitError) in try repository.resolveRevision(revision) })
    else {
      throw .history(.unknownRevision(revision))
    }
    let cache = try cache()
    guard cache.commits.contains(where: { $0.id == commit }) else { return nil }
    let tree = try git { () throws(GitError) in try repository.commit(commit).tree }
    for path in Set((cache.events[id] ?? []).map(\.path)) {
      let entry = try git { () throws(GitError) in try repository.entry(atPath: path, inTree: tree)
      }
      if let entry, entry.kind == .blob, let bookmark = try blob(entry.id, path: path),
        bookmark.id == id
      {
        return .some(bookmark)
      }
    }
    return .some(nil)
  }

  private func blob(_ id: ObjectID, path: String) throws(StoreError) -> Bookmark? {
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

  /// The history cache brought up to HEAD, and saved when it changed.
  ///
  /// ### Algorithm
  /// 1. Load `.holder/local/history-v1`; a missing, damaged or older file counts as empty.
  /// 2. When HEAD is the cached head, that is the answer (a warm `log` reads nothing else).
  /// 3. Otherwise list the ids of the commits reachable from HEAD (the commit graph alone,
  ///    in walk order). Cached commits no longer reachable (a reset, a rewritten branch) are
  ///    dropped with their events; the commits the cache lacks (usually the few since the
  ///    cached head) are compared with their first parents under `bookmarks/`, and only
  ///    the files that differ are read.
  /// 4. Save atomically. Failing to save costs time next run, never correctness.
  ///
  /// So an incremental update and a fresh build give the same cache.
  private func cache() throws(StoreError) -> HistoryCache {
    let head = try currentHead()
    let local = try? root.directory(Layout.local)
    var cache =
      (try? local?.readFile(HistoryCacheFile.fileName)).flatMap(HistoryCacheFile.decode)
      ?? HistoryCache()
    if let head, cache.head == head { return cache }
    if head == nil && cache == HistoryCache() { return cache }
    do {
      try HashVerification.suspended {
        try bringUpToDate(&cache, head: head)
      }
    } catch {
      throw .wrapping(error, during: "history cache")
    }
    try? root.directory(Layout.local, create: true)
      .writeFileAtomically(
        HistoryCacheFile.fileName, HistoryCacheFile.encode(cache), durable: false)
    return cache
  }

  private func bringUpToDate(_ cache: inout HistoryCache, head: ObjectID?) throws {
    let ids = try head.map { id throws(GitError) in try repository.commitIDs(from: id) } ?? []
    let reachable = Set(ids)
    var known: [ObjectID: HistoryCache.CommitInfo] = [:]
    for commit in cache.commits where reachable.contains(commit.id) { known[commit.id] = commit }
    if known.count < cache.commits.count {
      for (id, events) in cache.events {
        let kept = events.filter { known[$0.commit] != nil }
        cache.events[id] = kept.isEmpty ? nil : kept
      }
    }
    let missing = ids.filter { known[$0] == nil }
    try repository.changedFiles(inCommits: missing, under: Layout.bookmarks) { commit, deltas in
      known[commit.id] = HistoryCache.CommitInfo(
        id: commit.id, parents: commit.parents, time: commit.committer.time,
        offsetMinutes: commit.committer.offsetMinutes,
        device: CommitTrailer.value(CommitTrailer.device, in: commit.message),
        subject: CommitTrailer.subject(of: commit.message))
      for (id, event) in try self.events(of: commit.id, deltas) {
        cache.events[id, default: []].append(event)
      }
    }
    cache.commits = ids.compactMap { known[$0] }
    cache.head = head
  }

  /// One commit's bookmark changes as events, matched by id as `BookmarkDiff` matches them:
  /// a moved file is one event, a file rewritten without a real change is none, and a file
  /// that does not decode is left out.
  private func events(of commit: ObjectID, _ deltas: [TreeDelta]) throws(GitError)
    -> [(BookmarkID, HistoryCache.Event)]
  {
    var before: [BookmarkID: (ObjectID, String, Bookmark)] = [:]
    var after: [BookmarkID: (ObjectID, String, Bookmark)] = [:]
    for delta in deltas {
      if let old = delta.old, let bookmark = try decodedBlob(old.id, path: delta.path),
        before[bookmark.id] == nil
      {
        before[bookmark.id] = (old.id, delta.path, bookmark)
      }
      if let new = delta.new, let bookmark = try decodedBlob(new.id, path: delta.path),
        after[bookmark.id] == nil
      {
        after[bookmark.id] = (new.id, delta.path, bookmark)
      }
    }
    var result: [(BookmarkID, HistoryCache.Event)] = []
    for id in Set(before.keys).union(after.keys) {
      let old = before[id]
      let new = after[id]
      if let old, let new, old.2 == new.2, old.1 == new.1 { continue }
      guard let path = new?.1 ?? old?.1 else { continue }
      result.append(
        (
          id,
          HistoryCache.Event(
            commit: commit, old: old?.0, new: new?.0, path: path, oldTags: old?.2.tags ?? [],
            newTags: new?.2.tags ?? [])
        ))
    }
    return result
  }

  /// The bookmark in a blob; nil when the blob is not a bookmark (left out of the story).
  private func decodedBlob(_ id: ObjectID, path: String) throws(GitError) -> Bookmark? {
    try? BookmarkCodec.decode(try repository.blob(id), file: path)
  }
}
