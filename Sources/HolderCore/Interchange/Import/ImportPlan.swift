// The plan of an import, any format: which entries pass (`ImportPlanner`, giving
// `ImportCandidate`s), why others are skipped (`ImportSkipReason`), and how an entry meets a
// bookmark the store has (`ImportMerge`).

import Localization

/// Why an entry of an import file was not saved.
public enum ImportSkipReason: Error, Hashable, Sendable, Codable {
  /// A browser's own page (`place:`, `about:`, `chrome:`…): it means nothing elsewhere.
  case browserInternal(scheme: String)
  /// The URL cannot be read (the normaliser's reason).
  case invalidURL(String)
  /// The URL was deleted from the store since; `--include-deleted` brings it back.
  case deleted
  /// The same URL came earlier in the file; its tags were joined to that entry.
  case duplicate(ofLine: Int)
  /// The entry could not be read at all (a broken JSON record).
  case unreadable(String)
  /// A tag of the entry cannot be a folder under `tags/` (the tag rule's reason).
  case invalidTag(tag: String, reason: String)
  /// The bookmark would be over `BookmarkLimits` (the limit's own sentence).
  case overLimit(String)

  /// One short sentence, for `--verbose` and `--json`.
  public var description: String {
    switch self {
    case .browserInternal(let scheme): Message("browser-internal '\(scheme):' link").english
    case .invalidURL(let reason): Message("not a URL: \(reason)").english
    case .deleted:
      Message("deleted from the store since; use --include-deleted to bring it back").english
    case .duplicate(let line): Message("same URL as entry at line \(line); tags joined").english
    case .unreadable(let reason): Message("unreadable entry: \(reason)").english
    case .invalidTag(let tag, let reason):
      Message("the tag '\(tag)' cannot be a folder: \(reason)").english
    case .overLimit(let reason): Message("too large for one bookmark: \(reason)").english
    }
  }

  /// A stable one-word code for `--json`.
  public var code: String {
    switch self {
    case .browserInternal: "browser-internal"
    case .invalidURL: "invalid-url"
    case .deleted: "deleted"
    case .duplicate: "duplicate"
    case .unreadable: "unreadable"
    case .invalidTag: "invalid-tag"
    case .overLimit: "over-limit"
    }
  }
}

/// An entry whose URL passed: normalised, with the path of its file.
public struct ImportCandidate: Sendable {
  public var entry: ImportEntry
  /// The normalised URL.
  public var url: String
  /// The bookmark's store-relative path.
  public var path: String

  /// The bookmark to save when the URL is new; `title` falls back to `defaultTitle`.
  public func newBookmark(id: BookmarkID, now: Timestamp, defaultTitle: () -> String) -> Bookmark {
    let created = entry.created ?? entry.lastModified ?? now
    return Bookmark(
      id: entry.id ?? id, url: url,
      // An exact bookmark (holder-git's own export) keeps even an empty title.
      title: entry.title.isEmpty && entry.id == nil ? defaultTitle() : entry.title,
      note: entry.note, tags: entry.tags, favorite: entry.favorite ?? false, created: created,
      lastModified: max(entry.lastModified ?? created, created), metadata: entry.metadata,
      extra: entry.extra)
  }

  /// Joins a later entry with the same URL into this one: tags united, the first title and
  /// note that are not empty, the earliest creation and the latest change.
  public mutating func absorb(_ other: ImportEntry) {
    entry.tags += other.tags
    if entry.title.isEmpty { entry.title = other.title }
    if entry.note.isEmpty { entry.note = other.note }
    // Starred in either place (Instapaper's Starred folder, a browser's second copy) is starred.
    if other.favorite == true { entry.favorite = true }
    if let created = other.created { entry.created = min(entry.created ?? created, created) }
    if let modified = other.lastModified {
      entry.lastModified = max(entry.lastModified ?? modified, modified)
    }
  }
}

/// Checks the URL of each entry of an import (pure: no store, no file).
public enum ImportPlanner {
  /// Schemes of browsers' own pages, skipped and counted.
  public static let internalSchemes: Set<String> = [
    "place", "about", "chrome", "chrome-extension", "chrome-search", "chrome-native", "edge",
    "brave", "opera", "vivaldi", "moz-extension", "resource", "view-source", "safari-resource",
    "webkit", "favorites", "res", "ms-browser-extension",
  ]

  /// The candidate for `entry`, or why it is skipped.
  ///
  /// Bookmarklets (`javascript:`) are kept
  /// as written; nothing ever runs them.
  public static func candidate(for entry: ImportEntry) -> Result<ImportCandidate, ImportSkipReason>
  {
    let raw = entry.url
    if let colon = raw.firstIndex(of: ":") {
      let scheme = raw[..<colon].lowercased()
      if internalSchemes.contains(scheme) { return .failure(.browserInternal(scheme: scheme)) }
    }
    let isBookmarklet = raw.lowercased().hasPrefix("javascript:")
    do {
      let url = try URLNormalizer.normalize(raw, allowingUnsafeSchemes: isBookmarklet)
      try URLNormalizer.refuseCredentials(url)
      return .success(
        ImportCandidate(
          entry: entry, url: url, path: BookmarkPath.relativePath(forNormalizedURL: url)))
    } catch {
      let reason = error.errorDescription ?? "\(error)"
      // The URL alone may say nothing (`#`, a relative link): the title and the start of the
      // note say which entry it was, so that nothing leaves without a word.
      let text = [entry.title, String(entry.note.prefix(60))].map(VisibleText.oneLine)
        .filter { !$0.isEmpty }.joined(separator: " — ")
      guard !text.isEmpty else { return .failure(.invalidURL(reason)) }
      return .failure(.invalidURL(Message("\(reason) (entry \"\(text)\")").english))
    }
  }
}

/// What an import does with a URL the store already has (DESIGN §5 with an empty base).
public enum ImportMerge {
  /// The bookmark after merging `candidate` into `existing`, or nil when nothing changes.
  ///
  /// Tags are united (a tag the bookmark has, in another case, is not a new one); a field the
  /// file does not have (an empty note or title, no favourite flag, no metadata) never erases
  /// the store's; a field both have and that differs takes the value of the later
  /// `lastModified`. The store's id and the earlier `created` stay.
  /// A changed bookmark is stamped `now` (never earlier than its previous stamp + 1 ms), so
  /// importing the same file again finds nothing to change.
  public static func merge(existing: Bookmark, candidate: ImportCandidate, now: Timestamp)
    -> Bookmark?
  {
    let entry = candidate.entry
    var incoming = existing
    incoming.url = candidate.url
    if !entry.title.isEmpty { incoming.title = entry.title }
    if !entry.note.isEmpty { incoming.note = entry.note }
    if let favorite = entry.favorite { incoming.favorite = favorite }
    if let metadata = entry.metadata { incoming.metadata = metadata }
    for (key, value) in entry.extra { incoming.extra[key] = value }
    incoming.tags = entry.tags
    incoming.created = entry.created ?? existing.created
    incoming.lastModified = entry.lastModified ?? entry.created ?? existing.lastModified
    // The file says what the store holds (a re-import): merging a bookmark with itself
    // changes nothing, and is most of a large re-import's time when done.
    if incoming == existing { return nil }
    var merged = BookmarkMerge.merge(base: nil, ours: existing, theirs: incoming).bookmark
    merged.id = existing.id
    // A tag the bookmark has keeps its spelling: a file saying `science` where the store says
    // `Science` is the same tag, not a change to stamp.
    let known = Set(existing.tags.map(Bookmark.tagKey))
    merged.tags = existing.tags + entry.tags.filter { !known.contains(Bookmark.tagKey($0)) }
    merged.lastModified = existing.lastModified
    guard merged != existing else { return nil }
    merged.lastModified = Timestamp.stamp(now: now, previous: existing.lastModified)
    return merged
  }
}
