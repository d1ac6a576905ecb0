import Git
import HolderCore

extension Store {
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
  func historyCache() throws(StoreError) -> HistoryCache {
    let head = try currentHead()
    let local = try? rootDirectory.directory(Layout.local)
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
    try? rootDirectory.directory(Layout.local, create: true)
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
