import Git
import HolderCore

extension Store {
  /// The store's history as bookmark changes, newest commit first.
  ///
  /// Each commit is compared with its first parent under `bookmarks/` by
  /// object id (unchanged folders are skipped whole), and the files that
  /// differ are decoded and matched by id, so a URL edit that moved a file
  /// is one change, and a bookmark's life can be followed across moves.
  public func history(_ filter: HistoryFilter = HistoryFilter(), from start: String? = nil)
    throws(StoreError) -> [HistoryEntry]
  {
    // One bookmark's or one tag's story comes from the history cache: walking 5,000 commits
    // of a large store takes seconds, the cache a fraction of one.
    if start == nil && filter.selectsBookmarks { return try historyLog.entries(filter) }
    let head: ObjectID?
    if let start {
      head = try git { () throws(GitError) in try repository.resolveRevision(start) }
      if head == nil { throw .history(.unknownRevision(start)) }
    } else {
      head = try currentHead()
    }
    guard let head else { return [] }
    var entries: [HistoryEntry] = []
    do {
      try repository.walkCommits(from: head) { commit in
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
      subject: CommitTrailer.subject(of: commit.message), changes: try changes(in: commit))
  }
}

extension Store {
  /// The id of the bookmark a person named, also when it exists only in history (deleted).
  ///
  /// A name that matches nothing in the work tree is looked up in the
  /// history: a full id is taken as is; a URL or an id prefix is matched
  /// against every bookmark that ever was (from the history cache), the most recently
  /// changed first.
  public func resolveForHistory(_ name: String, currentDirectory: String? = nil)
    throws(StoreError) -> BookmarkID
  {
    // A full id names the same bookmark in the work tree and in history; reading every file
    // to find it there (as `resolve` does) costs seconds on a large store.
    if let id = BookmarkID(name) { return id }
    let prefix = name.lowercased()
    let byPrefix = prefix.count >= 4 && prefix.allSatisfy { $0.isHexDigit || $0 == "-" }
    if byPrefix {
      // Every committed bookmark, present or deleted, is in the history cache.
      let ids = try historyLog.bookmarkIDs(withPrefix: prefix)
      if ids.count == 1, let id = ids.first { return id }
    }
    do {
      return try resolve(name, currentDirectory: currentDirectory).bookmark.id
    } catch {
      guard case .lookup(.notFound) = error else { throw error }
    }
    let url = try? URLNormalizer.normalize(name, allowingUnsafeSchemes: true)
    if let id = try historyLog.bookmarkID(url: url, idPrefix: byPrefix ? prefix : nil) { return id }
    throw .lookup(.notFound(name))
  }
}
