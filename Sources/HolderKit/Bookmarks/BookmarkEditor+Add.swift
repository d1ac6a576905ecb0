import HolderCore
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// What `add` is asked to save.
public struct AddRequest: Sendable {
  /// The URL as typed or pasted; normalised before anything else.
  public var url: String
  public var title: String?
  public var tags: [String]
  public var note: String?
  public var favorite: Bool
  /// When the URL is already saved: merge the new tags and note into it instead of refusing.
  public var updateExisting: Bool
  /// Accept `javascript:`/`data:` URLs (they are stored, never opened).
  public var allowScript: Bool

  public init(
    url: String, title: String? = nil, tags: [String] = [], note: String? = nil,
    favorite: Bool = false, updateExisting: Bool = false, allowScript: Bool = false
  ) {
    self.url = url
    self.title = title
    self.tags = tags
    self.note = note
    self.favorite = favorite
    self.updateExisting = updateExisting
    self.allowScript = allowScript
  }
}

/// What `add` did.
public enum AddOutcome: Sendable {
  case added(LocatedBookmark)
  /// The URL was saved already and `--update` merged the request into it.
  case updated(LocatedBookmark)
  /// The URL was saved already and `--update` found nothing new to merge.
  case unchanged(LocatedBookmark)
}

extension BookmarkEditor {
  /// See `Store.add`.
  func add(_ request: AddRequest) throws(StoreError) -> AddOutcome {
    try add(request, page: nil)
  }

  /// See `Store.add`.
  func add(_ request: AddRequest, page: PageMetadata?) throws(StoreError) -> AddOutcome {
    let url = try normalizedURL(request.url, allowingUnsafeSchemes: request.allowScript)
    let tags = try validatedTags(request.tags)
    return try store.withTransaction { (transaction) throws(StoreError) -> AddOutcome in
      let now = store.environment.now()
      if let existing = try store.bookmark(forNormalizedURL: url) {
        guard request.updateExisting else {
          throw .bookmark(.alreadySaved(existing.bookmark, path: existing.path))
        }
        try store.handEditIntake.ensureNoHandEdit(at: existing.path)
        var merged = merging(request, tags: tags, into: existing.bookmark)
        guard merged != existing.bookmark else { return .unchanged(existing) }
        merged.lastModified = Timestamp.stamp(now: now, previous: existing.bookmark.lastModified)
        let located = LocatedBookmark(path: existing.path, bookmark: merged)
        try transaction.record(
          Change(
            message: Message("Update \(quoted(merged.title))").english,
            writes: [located.path: try BookmarkReader.encodedWithinLimits(merged)]))
        return .updated(located)
      }
      let title =
        request.title.flatMap { $0.isEmpty ? nil : $0 } ?? page?.title
        ?? BookmarkEditor.defaultTitle(for: url)
      let bookmark = Bookmark(
        id: store.environment.newID(), url: url, title: title, note: request.note ?? "", tags: tags,
        favorite: request.favorite, created: now, lastModified: now, metadata: page)
      let located = LocatedBookmark(
        path: BookmarkPath.relativePath(forNormalizedURL: url), bookmark: bookmark)
      // Its file committed but gone from its path (moved or deleted by hand): saving it anew
      // would leave that hand edit beside a second copy, for the next sync to refuse.
      try store.handEditIntake.ensureNoHandEdit(at: located.path)
      try transaction.record(
        Change(
          message: Message("Add \(quoted(title))").english,
          writes: [located.path: try BookmarkReader.encodedWithinLimits(bookmark)]))
      return .added(located)
    }
  }

  /// `url` normalised (DESIGN §2), or `.invalidURL` saying why it cannot be saved.
  ///
  /// `typed`: the link comes from a person now (`add`, `edit --url`), so a user name or
  /// password in it is refused rather than committed; a file in the store is taken as it is.
  func normalizedURL(_ url: String, allowingUnsafeSchemes: Bool, typed: Bool = true)
    throws(StoreError) -> String
  {
    do {
      let normalized = try URLNormalizer.normalize(
        url, allowingUnsafeSchemes: allowingUnsafeSchemes)
      if typed { try URLNormalizer.refuseCredentials(normalized) }
      return normalized
    } catch {
      throw .bookmark(.invalidURL(error))
    }
  }

  /// Checks each tag's segments and maps it to the spelling the store already uses.
  func validatedTags(_ tags: [String]) throws(StoreError) -> [String] {
    var result: [String] = []
    for raw in tags { result.append(store.tagEditor.storeSpelling(of: try checkedTag(raw))) }
    return result
  }

  /// A tag as typed, without surrounding spaces, once it passes the tag-path rules and fits
  /// a folder.
  func checkedTag(_ raw: String) throws(StoreError) -> String {
    let tag = raw.trimmingSpaces()
    do {
      try TagPath.validateForFolder(tag)
    } catch {
      throw .bookmark(.invalidTag(error))
    }
    return tag
  }

  /// A readable title for a link saved without one: the URL without its scheme, decoded.
  static func defaultTitle(for normalizedURL: String) -> String {
    URLNormalizer.standInTitle(for: normalizedURL)
  }

  /// `bookmark` with the request's tags, note, title and favourite merged in, as `--update`
  /// merges them (the modification time is the caller's).
  func merging(_ request: AddRequest, tags: [String], into bookmark: Bookmark) -> Bookmark {
    var merged = bookmark
    merged.tags = merged.tags + tags
    if let note = request.note, !note.isEmpty, !merged.note.contains(note) {
      merged.note = merged.note.isEmpty ? note : merged.note + "\n\n" + note
    }
    if let title = request.title, !title.isEmpty { merged.title = title }
    if request.favorite { merged.favorite = true }
    return merged
  }

  /// A title in double quotes for a commit message: one line, control characters
  /// neutralised, shortened to keep the line readable (`CommitText.quoted`).
  func quoted(_ title: String) -> String {
    CommitText.quoted(title)
  }
}
