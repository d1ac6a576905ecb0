import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// What `fav`/`unfav` did: the bookmarks changed and those that already were as asked.
public struct FavoriteOutcome: Sendable {
  /// The bookmarks changed, as they are now.
  public var changed: [LocatedBookmark]
  /// The bookmarks that already were as asked.
  public var unchanged: [LocatedBookmark]

  /// Makes an outcome.
  public init(changed: [LocatedBookmark] = [], unchanged: [LocatedBookmark] = []) {
    self.changed = changed
    self.unchanged = unchanged
  }
}

extension BookmarkEditor {
  /// See `Store.setFavorite`.
  func setFavorite(
    _ names: [String], to favorite: Bool, currentDirectory: String? = nil
  ) throws(StoreError) -> FavoriteOutcome {
    try store.withTransaction { (transaction) throws(StoreError) -> FavoriteOutcome in
      var outcome = FavoriteOutcome()
      var updates: [BookmarkUpdate] = []
      var seen: Set<String> = []
      let now = store.environment.now()
      for name in names {
        let located = try store.reader.resolve(name, currentDirectory: currentDirectory)
        guard seen.insert(located.path).inserted else { continue }
        guard located.bookmark.favorite != favorite else {
          outcome.unchanged.append(located)
          continue
        }
        var bookmark = located.bookmark
        bookmark.favorite = favorite
        bookmark.lastModified = Timestamp.stamp(now: now, previous: bookmark.lastModified)
        updates.append(BookmarkUpdate(old: located, new: bookmark))
      }
      guard !updates.isEmpty else { return outcome }
      try ensureNoHandEdits(at: updates.map(\.old.path))
      let verb = favorite ? "Favourite" : "Unfavourite"
      let subject =
        updates.count == 1
        ? "\(verb) \(quoted(updates[0].new.title))"
        : "\(verb) \(bookmarkCount(updates.count))"
      var message = subject
      if updates.count > 1 {
        message += "\n\n" + updates.map { "- " + quoted($0.new.title) }.joined(separator: "\n")
      }
      outcome.changed = try commitUpdates(updates, message: message, in: transaction)
      return outcome
    }
  }
}
