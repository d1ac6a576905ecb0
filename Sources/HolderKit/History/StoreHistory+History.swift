import Git
import HolderCore

// The log of the store or of one bookmark, read through the history cache.

extension StoreHistory {
  /// See `Store.history`.
  func history(_ filter: HistoryFilter = HistoryFilter(), from start: String? = nil)
    throws(StoreError) -> [HistoryEntry]
  {
    // One bookmark's or one tag's story comes from the history cache: walking 5,000 commits
    // of a large store takes seconds, the cache a fraction of one.
    if start == nil && filter.selectsBookmarks { return try store.historyLog.entries(filter) }
    let head: ObjectID?
    if let start {
      head = try git { () throws(GitError) in try store.repository.resolveRevision(start) }
      if head == nil { throw .history(.unknownRevision(start)) }
    } else {
      head = try store.commitReader.currentHead()
    }
    guard let head else { return [] }
    var entries: [HistoryEntry] = []
    do {
      try store.repository.walkCommits(from: head) { commit in
        let time = Timestamp(millisecondsSince1970: commit.committer.time * 1000)
        if let since = filter.since, time < since { return false }
        let device = CommitTrailer.value(CommitTrailer.device, in: commit.message)
        if let wanted = filter.device, device != wanted { return true }
        var entry = try self.entry(for: commit)
        entry.changes = entry.changes.filter(filter.matches)
        if filter.selectsBookmarks && entry.changes.isEmpty { return true }
        entries.append(entry)
        return filter.limit.map { entries.count < $0 } ?? true
      }
    } catch {
      throw .wrapping(error, during: "walk")
    }
    return entries
  }

  /// One commit read as a history entry: when, where, its subject and its bookmark changes.
  func entry(for commit: Commit) throws(StoreError) -> HistoryEntry {
    HistoryEntry(
      commit: commit.id.hex, time: Timestamp(millisecondsSince1970: commit.committer.time * 1000),
      utcOffsetMinutes: commit.committer.offsetMinutes,
      device: CommitTrailer.value(CommitTrailer.device, in: commit.message),
      subject: CommitTrailer.subject(of: commit.message),
      changes: try store.commitReader.changes(in: commit))
  }
}

extension StoreHistory {
  /// See `Store.resolveForHistory`.
  func resolveForHistory(_ name: String, currentDirectory: String? = nil)
    throws(StoreError) -> BookmarkID
  {
    // A full id names the same bookmark in the work tree and in history; reading every file
    // to find it there (as `resolve` does) costs seconds on a large store.
    if let id = BookmarkID(name) { return id }
    let prefix = name.lowercased()
    let byPrefix = prefix.count >= 4 && prefix.allSatisfy { $0.isHexDigit || $0 == "-" }
    if byPrefix {
      // Every committed bookmark, present or deleted, is in the history cache.
      let ids = try store.historyLog.bookmarkIDs(withPrefix: prefix)
      if ids.count == 1, let id = ids.first { return id }
    }
    do {
      return try store.reader.resolve(name, currentDirectory: currentDirectory).bookmark.id
    } catch {
      guard case .lookup(.notFound) = error else { throw error }
    }
    let url = try? URLNormalizer.normalize(name, allowingUnsafeSchemes: true)
    if let id = try store.historyLog.bookmarkID(url: url, idPrefix: byPrefix ? prefix : nil) {
      return id
    }
    throw .lookup(.notFound(name))
  }
}
