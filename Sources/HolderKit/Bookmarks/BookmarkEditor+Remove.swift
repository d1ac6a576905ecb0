import HolderCore
import Localization

// Removing bookmarks by name: one commit for all of them.

extension BookmarkEditor {
  /// See `Store.remove`.
  @discardableResult
  func remove(_ name: String, currentDirectory: String? = nil) throws(StoreError)
    -> LocatedBookmark
  {
    try remove([name], currentDirectory: currentDirectory)[0]
  }

  /// See `Store.remove`.
  @discardableResult
  func remove(_ names: [String], currentDirectory: String? = nil) throws(StoreError)
    -> [LocatedBookmark]
  {
    try store.withTransaction { (transaction) throws(StoreError) -> [LocatedBookmark] in
      var removed: [LocatedBookmark] = []
      var seen: Set<String> = []
      for name in names {
        let located = try store.reader.resolve(name, currentDirectory: currentDirectory)
        if seen.insert(located.path).inserted { removed.append(located) }
      }
      guard !removed.isEmpty else { return [] }
      try ensureNoHandEdits(at: removed.map(\.path))
      var message =
        removed.count == 1
        ? Message("Delete \(quoted(removed[0].bookmark.title))").english
        : Message("Delete \(bookmarkCount(removed.count))").english
      if removed.count > 1 {
        message +=
          "\n\n" + removed.map { "- " + quoted($0.bookmark.title) }.joined(separator: "\n")
      }
      var change = Change(message: message, removals: seen)
      for located in removed { change.tagsBefore[located.path] = located.bookmark.tags }
      try transaction.record(change)
      return removed
    }
  }
}
