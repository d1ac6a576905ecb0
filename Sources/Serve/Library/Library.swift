// The app's one handle on the store: an actor, so requests, the live watcher and writes never
// use the (non-Sendable) Store at once. Reads come from an index kept in memory and brought up
// to date by `refresh()` (the watcher's tick, and after every write), never per request.
import HolderCore
import HolderKit

/// The store as the app reads and writes it.
actor Library {
  private let store: Store
  private var index: BookmarkIndex
  private var tagCache: (generation: Int, listing: TagListing)?
  private var firstSavedCache: (generation: Int, times: [String: Timestamp])?
  private var orderCache: [String: (generation: Int, positions: [Int])] = [:]
  /// Goes up each time the store changed: pages and the live feed compare it.
  private(set) var generation = 0
  /// Goes up with each write of the app's own (which refreshes the index itself).
  private(set) var writes = 0

  /// The index's state in memory, shared with the watcher's Store, so neither reads the
  /// cache file again.
  nonisolated let bookmarkIndexMemo = BookmarkIndexMemo()

  init(store: sending Store) {
    store.bookmarkIndexMemo = bookmarkIndexMemo
    self.store = store
    index = store.bookmarkIndex()
  }

  /// The store's root folder.
  var root: String { store.root }

  /// Brings the index up to date with the store; true when anything changed.
  @discardableResult
  func refresh() -> Bool {
    install(store.bookmarkIndex())
  }

  /// Takes an index the watcher made (with a Store of its own, so reads never wait for it)
  /// when the app wrote nothing since the watcher started making it (`writes` was
  /// `basedOn`); an older index never replaces a newer one.
  func install(_ fresh: BookmarkIndex, basedOn: Int) {
    guard basedOn == writes else { return }
    install(fresh)
  }

  @discardableResult
  private func install(_ fresh: BookmarkIndex) -> Bool {
    let reread =
      fresh.refresh.rebuilt || fresh.refresh.filesRead > 0 || fresh.refresh.pathsFromCommits > 0
      || fresh.count != index.count
    // Files changed in the last 2 s are read again on every tick; only a real change counts.
    let changed = reread && !fresh.showsTheSame(as: index)
    index = fresh
    if changed { generation += 1 }
    return changed
  }

  /// One page of the listing `filter` asks for, newest change first, and how many in all.
  func page(_ filter: ListFilter, offset: Int, limit: Int) -> (
    bookmarks: [LocatedBookmark], total: Int
  ) {
    let key = "\(filter.tag ?? "")\u{0}\(filter.favoritesOnly)"
    let positions: [Int]
    if let cached = orderCache[key], cached.generation == generation {
      positions = cached.positions
    } else {
      positions = index.newestFirst(filter)
      // A few listings at most (all, favourites, the tags being looked at).
      if orderCache.count > 32 { orderCache.removeAll() }
      orderCache[key] = (generation, positions)
    }
    return (index.bookmarks(at: positions.dropFirst(offset).prefix(limit)), positions.count)
  }

  /// One page of what `query` finds, best first, and how many it found.
  func search(_ query: SearchQuery, offset: Int, limit: Int) -> (
    bookmarks: [LocatedBookmark], total: Int
  ) {
    let found = index.matches(query, sort: .relevance, first: offset + limit)
    return (index.bookmarks(at: found.positions.dropFirst(offset)), found.total)
  }

  /// One page of every bookmark `query` finds, in the order `sort` asks for, and how many it
  /// found; the whole order is kept until the store changes (`key` names it), since a client
  /// paging through a listing asks for it again with each page.
  func page(_ query: SearchQuery, key: String, sort: SearchSort, offset: Int, limit: Int) -> (
    bookmarks: [LocatedBookmark], total: Int
  ) {
    let key = "\u{1}\(sort.rawValue)\u{0}\(key)"
    let positions: [Int]
    if let cached = orderCache[key], cached.generation == generation {
      positions = cached.positions
    } else {
      positions = index.matches(query, sort: sort, first: index.count).positions
      if orderCache.count > 32 { orderCache.removeAll() }
      orderCache[key] = (generation, positions)
    }
    return (index.bookmarks(at: positions.dropFirst(offset).prefix(limit)), positions.count)
  }

  /// How many bookmarks the store holds.
  var count: Int { index.count }

  /// Files the index could not read.
  var problems: [StoreProblem] { index.problems }

  /// The tag tree with counts, in the store's order.
  func tags() -> TagListing {
    if let tagCache, tagCache.generation == generation { return tagCache.listing }
    let listing = index.tags(order: store.settings.tagOrder)
    tagCache = (generation, listing)
    return listing
  }

  func recentSearches() -> [String] { store.recentSearches() }

  /// The commit the store is at (nil before its first); throws when the store cannot be read.
  func headCommit() throws(StoreError) -> String? { try store.headCommit() }

  func remember(_ text: String) { store.rememberSearch(text) }

  /// The bookmark with this id, when the store holds it.
  func bookmark(_ id: BookmarkID) -> LocatedBookmark? { index.bookmark(withID: id) }

  /// Every bookmark's id and the generation they are of; nil when the store is still at
  /// `generation` (the caller has them).
  func ids(unlessAt generation: Int) -> (ids: [BookmarkID]?, generation: Int) {
    (generation == self.generation ? nil : index.ids, self.generation)
  }

  /// When the first bookmark still carrying each tag was saved, by tag key.
  func firstSaved() -> [String: Timestamp] {
    if let firstSavedCache, firstSavedCache.generation == generation {
      return firstSavedCache.times
    }
    let times = index.firstSaved()
    firstSavedCache = (generation, times)
    return times
  }

  /// The bookmark saved at `url`'s path, when there is one, and its near-duplicates.
  func lookUp(url: String) -> (saved: LocatedBookmark?, near: [NearDuplicateMatch]) {
    guard let normalized = try? URLNormalizer.normalize(url) else { return (nil, []) }
    return (
      (try? store.bookmark(forNormalizedURL: normalized)) ?? nil,
      store.nearDuplicates(ofNormalizedURL: normalized)
    )
  }

  /// The bookmark's history, newest first.
  func history(_ id: BookmarkID) throws(StoreError) -> [HistoryEntry] {
    try store.history(HistoryFilter(bookmark: id))
  }

  // Writes: each goes through the Store as the CLI's does, then the index catches up.

  /// The address to fetch before saving `request` (`Store.addressToFetch(for:)`); nil when
  /// there is none, or the link cannot be saved (the save then says why).
  func addressToFetch(for request: AddRequest) -> String? {
    (try? store.addressToFetch(for: request)) ?? nil
  }

  /// Saves a link, with `page` when it was fetched first; `device` names the client in the
  /// commit (nil: this machine).
  func add(_ request: AddRequest, page: PageMetadata? = nil, device: String? = nil)
    throws(StoreError) -> AddOutcome
  {
    defer {
      writes += 1
      refresh()
    }
    return try store.writing(asDevice: device ?? "") { () throws(StoreError) in
      try store.add(request, page: page)
    }
  }

  func edit(_ id: BookmarkID, _ edit: BookmarkEdit) throws(StoreError) -> EditOutcome {
    defer {
      writes += 1
      refresh()
    }
    return try store.edit(id.rawValue, edit)
  }

  /// Saves a form's edit, merged with what changed since the form was opened, in one commit.
  func saveEdit(_ edited: Bookmark, openedOn base: Bookmark, device: String? = nil)
    throws(StoreError) -> MergedEditOutcome
  {
    defer {
      writes += 1
      refresh()
    }
    return try store.writing(asDevice: device ?? "") { () throws(StoreError) in
      try store.saveEdit(edited, openedOn: base)
    }
  }

  func setFavorite(_ id: BookmarkID, _ favorite: Bool) throws(StoreError) {
    defer {
      writes += 1
      refresh()
    }
    _ = try store.setFavorite([id.rawValue], to: favorite)
  }

  func remove(_ id: BookmarkID, device: String? = nil) throws(StoreError) -> LocatedBookmark {
    defer {
      writes += 1
      refresh()
    }
    return try store.writing(asDevice: device ?? "") { () throws(StoreError) in
      try store.remove(id.rawValue)
    }
  }

  func restore(_ id: BookmarkID, at point: RestorePoint) throws(StoreError) -> LocatedBookmark {
    defer {
      writes += 1
      refresh()
    }
    return try store.restore(id.rawValue, at: point)
  }

  func renameTag(_ tag: String, to newTag: String) throws(StoreError) -> TagChangeOutcome {
    defer {
      writes += 1
      refresh()
    }
    return try store.renameTag(tag, to: newTag)
  }

  func deleteTag(_ tag: String) throws(StoreError) -> TagChangeOutcome {
    defer {
      writes += 1
      refresh()
    }
    return try store.deleteTag(tag)
  }

  func moveTag(_ tag: String, before other: String) throws(StoreError) {
    defer {
      writes += 1
      generation += 1
    }
    _ = try store.moveTag(tag, .before(other))
  }

  /// The whole store (or `selection`) in `format`, in memory, for a download.
  func export(_ selection: ExportSelection, as format: ExportFormat) throws -> [UInt8] {
    let (entries, _) = store.exportEntries(selection)
    var bytes: [UInt8] = []
    try BookmarkExporter(format: format).write(entries, to: { bytes += $0 }, progress: { _, _ in })
    return bytes
  }

  func status() throws(StoreError) -> StoreStatus { try store.status() }

  /// The URL of the remote `name`, when the store has one by that name.
  func remoteURL(_ name: String) -> String? {
    ((try? store.remotes()) ?? []).first { $0.name == name }?.url
  }

  /// The newest `limit` conflicts syncs settled, newest first (what `holder-git conflicts`
  /// lists, without walking the history past them).
  func conflicts(limit: Int) throws(StoreError) -> [RecordedResolution] {
    try store.conflicts(limit: limit)
  }

  /// Brings back the side of a settled conflict that lost, as
  /// `holder-git restore ID --at MERGE^N [--field F]` does.
  func restore(_ bookmark: String, revision: String, field: String?) throws(StoreError)
    -> LocatedBookmark
  {
    defer {
      writes += 1
      refresh()
    }
    return try store.restore(bookmark, at: .revision(revision), field: field)
  }

  func sync() throws(StoreError) -> SyncReport {
    defer {
      writes += 1
      refresh()
    }
    return try store.sync(SyncOptions())
  }

  /// Imports a browser's bookmark file (or any format `holder-git import` reads); a dry run
  /// only reports.
  func importFile(_ bytes: [UInt8], name: String, dryRun: Bool) throws(StoreError)
    -> ImportReport
  {
    defer {
      if !dryRun {
        writes += 1
        refresh()
      }
    }
    return try store.importBookmarks(
      bytes, options: ImportOptions(dryRun: dryRun, sourceName: name))
  }
}
