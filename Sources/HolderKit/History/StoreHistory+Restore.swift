import Git
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

/// Which earlier version `restore` brings back.
public enum RestorePoint: Sendable {
  /// The last version before the bookmark was deleted (or its current one).
  case latest
  /// The version in the commit this revision names.
  case revision(String)
  /// The version as it was at this time.
  case time(Timestamp)
}

/// A bookmark that was deleted and is not in the store now.
public struct DeletedBookmark: Hashable, Sendable {
  /// The bookmark as it was just before it was deleted.
  public var bookmark: Bookmark
  /// The commit that deleted it.
  public var entry: HistoryEntry
}

extension StoreHistory {
  /// See `Store.restore`.
  func restore(
    _ name: String, at point: RestorePoint = .latest, field: String? = nil,
    currentDirectory: String? = nil
  ) throws(StoreError) -> LocatedBookmark {
    try store.withTransaction { (transaction) throws(StoreError) -> LocatedBookmark in
      let id = try resolveForHistory(name, currentDirectory: currentDirectory)
      let current = store.bookmarkIndex().bookmark(withID: id)
      guard var restored = try version(of: id, at: point) else {
        throw try missing(name, id: id, at: point)
      }
      if let field {
        guard let current else { throw .history(.fieldOfDeleted(name)) }
        guard let taken = current.bookmark.taking(field, from: restored) else {
          throw .history(.unknownField(field, bookmark: name))
        }
        restored = taken
      }
      if let current {
        try store.handEditIntake.ensureNoHandEdit(at: current.path)
        if restored == current.bookmark { throw .history(.nothingToRestore(name)) }
      }
      let previous = max(
        current?.bookmark.lastModified ?? restored.lastModified, restored.lastModified)
      restored.lastModified = Timestamp.stamp(now: store.environment.now(), previous: previous)
      let path = BookmarkPath.relativePath(forNormalizedURL: restored.url)
      if current?.path != path,
        let occupant = try store.reader.bookmark(forNormalizedURL: restored.url)
      {
        throw .bookmark(.alreadySaved(occupant.bookmark, path: occupant.path))
      }
      let subject =
        field.map {
          Message("Restore the \($0) of \(store.bookmarkEditor.quoted(restored.title))").english
        }
        ?? Message("Restore \(store.bookmarkEditor.quoted(restored.title))").english
      var change = Change(
        message: subject,
        writes: [path: BookmarkCodec.encode(restored)])
      if let current, current.path != path { change.removals.insert(current.path) }
      try transaction.record(change)
      return LocatedBookmark(path: path, bookmark: restored)
    }
  }

  /// See `Store.deletedBookmarks`.
  func deletedBookmarks() throws(StoreError) -> [DeletedBookmark] {
    try store.historyLog.deletedBookmarks(isPresent: store.bookmarkIndex().holds)
  }

  /// The bookmark `id` as it was at `point`, nil when it did not exist then.
  private func version(of id: BookmarkID, at point: RestorePoint) throws(StoreError) -> Bookmark? {
    let filter = HistoryFilter(bookmark: id)
    let entries: [HistoryEntry]
    switch point {
    case .latest, .time:
      entries = try history(filter)
    case .revision(let revision):
      do {
        if let version = try store.historyLog.version(of: id, at: revision) { return version }
        entries = try history(filter, from: revision)
      } catch .history(.unknownRevision), .git {
        // A date git cannot read either ends here too, instead of libgit2's own words.
        throw .history(.unknownRestorePoint(revision))
      }
    }
    for entry in entries {
      if case .time(let time) = point, entry.time > time { continue }
      guard let change = entry.changes.first else { continue }
      // The newest change at that point says what the bookmark was then; a deletion means
      // "nothing" unless the latest version is asked for, which is what was deleted.
      if let after = change.after { return after }
      if case .latest = point { return change.before }
      return nil
    }
    return nil
  }

  /// Why `id` has no version at `point`: not saved yet then (saying when it first was), or
  /// deleted then.
  private func missing(_ name: String, id: BookmarkID, at point: RestorePoint)
    throws(StoreError) -> StoreError
  {
    let entries = try history(HistoryFilter(bookmark: id))
    let when: Timestamp?
    let label: String
    switch point {
    case .latest:
      return .history(.nothingToRestore(name))
    case .time(let time):
      (when, label) = (time, time.rfc3339)
    case .revision(let revision):
      let commit = (try? store.repository.resolveRevision(revision)).flatMap {
        try? store.repository.commit($0)
      }
      when = commit.map { Timestamp(millisecondsSince1970: $0.committer.time * 1000) }
      label = revision
    }
    if let first = entries.last, let when, when < first.time {
      return .history(.notSavedYet(name, at: label, firstSaved: first.time))
    }
    return .history(.deletedThen(name, at: label))
  }
}
