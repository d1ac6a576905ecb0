import HolderCore
import Localization

/// What happened to one request of `addMany`.
public enum ManyAddResult: Sendable {
  /// Saved now.
  case added(LocatedBookmark)
  /// The URL was saved before and the request's `updateExisting` merged it into that bookmark.
  case updated(LocatedBookmark)
  /// The URL was saved before (with nothing new to merge, or without `updateExisting`), or
  /// earlier in the same batch.
  case alreadySaved(LocatedBookmark)
  /// The request was refused, with the reason in git's style (a bad URL or tag).
  case refused(reason: String)
}

extension BookmarkEditor {
  /// See `Store.addMany`.
  func addMany(_ requests: [AddRequest]) throws(StoreError) -> [ManyAddResult] {
    try store.withTransaction { (transaction) throws(StoreError) -> [ManyAddResult] in
      var results: [ManyAddResult] = []
      var added: [String: LocatedBookmark] = [:]
      var replaced: [String: [String]] = [:]  // the tags of the bookmarks updated, before
      var change = Change(message: "")
      for request in requests {
        let url: String
        let tags: [String]
        do throws(StoreError) {
          url = try normalizedURL(request.url, allowingUnsafeSchemes: request.allowScript)
        } catch {
          results.append(.refused(reason: error.errorDescription ?? ""))
          continue
        }
        do throws(StoreError) {
          tags = try validatedTags(request.tags)
        } catch {
          results.append(.refused(reason: error.errorDescription ?? ""))
          continue
        }
        let path = BookmarkPath.relativePath(forNormalizedURL: url)
        if let earlier = added[path] {
          results.append(.alreadySaved(earlier))
          continue
        }
        do throws(StoreError) {
          if let existing = try store.bookmark(forNormalizedURL: url) {
            let result = try merging(request, tags: tags, into: existing)
            if case .updated(let located) = result {
              change.writes[path] = try BookmarkReader.encodedWithinLimits(located.bookmark)
              added[path] = located
              replaced[path] = existing.bookmark.tags
            }
            results.append(result)
            continue
          }
          // Its file committed but gone from its path (moved or deleted by hand): saving it
          // anew would leave that hand edit beside a second copy.
          try store.handEditIntake.ensureNoHandEdit(at: path)
        } catch {
          results.append(.refused(reason: error.errorDescription ?? "\(error)"))
          continue
        }
        let now = store.environment.now()
        let title =
          request.title.flatMap { $0.isEmpty ? nil : $0 } ?? BookmarkEditor.defaultTitle(for: url)
        let bookmark = Bookmark(
          id: store.environment.newID(), url: url, title: title, note: request.note ?? "",
          tags: tags,
          favorite: request.favorite, created: now, lastModified: now)
        let bytes: [UInt8]
        do throws(StoreError) {
          bytes = try BookmarkReader.encodedWithinLimits(bookmark)
        } catch {
          results.append(.refused(reason: error.errorDescription ?? "\(error)"))
          continue
        }
        let located = LocatedBookmark(path: path, bookmark: bookmark)
        added[path] = located
        change.writes[path] = bytes
        results.append(.added(located))
      }
      let saved = results.compactMap { result -> LocatedBookmark? in
        switch result {
        case .added(let located), .updated(let located): return located
        case .alreadySaved, .refused: return nil
        }
      }
      guard !saved.isEmpty else { return results }
      change.message = manyAddMessage(saved, updated: replaced.count)
      for located in saved {
        change.tagsBefore[located.path] = replaced[located.path] ?? []
        change.tagsAfter[located.path] = located.bookmark.tags
      }
      try transaction.record(change)
      return results
    }
  }

  /// `.updated` with `request` merged into `existing`, or `.alreadySaved` when that changes
  /// nothing or the request does not ask for it; `.refused` when the file has a hand edit.
  private func merging(_ request: AddRequest, tags: [String], into existing: LocatedBookmark)
    throws(StoreError) -> ManyAddResult
  {
    guard request.updateExisting else { return .alreadySaved(existing) }
    var merged = merging(request, tags: tags, into: existing.bookmark)
    guard merged != existing.bookmark else { return .alreadySaved(existing) }
    try store.handEditIntake.ensureNoHandEdit(at: existing.path)
    merged.lastModified = Timestamp.stamp(
      now: store.environment.now(), previous: existing.bookmark.lastModified)
    return .updated(LocatedBookmark(path: existing.path, bookmark: merged))
  }

  /// `Add "T"`, `Add 12 bookmarks`, or with updates `Add 2 bookmarks, update 3 bookmarks`.
  private func manyAddMessage(_ saved: [LocatedBookmark], updated: Int) -> String {
    let all = updated == saved.count
    if saved.count == 1 {
      let title = quoted(saved[0].bookmark.title)
      return all ? Message("Update \(title)").english : Message("Add \(title)").english
    }
    let counts =
      updated == 0 || all
      ? (all
        ? Message("Update \(bookmarkCount(saved.count))").english
        : Message("Add \(bookmarkCount(saved.count))").english)
      : Message("Add \(bookmarkCount(saved.count - updated)), update \(bookmarkCount(updated))")
        .english
    let shown = saved.prefix(100).map { "- " + quoted($0.bookmark.title) }
    let more = saved.count > 100 ? ["- …and \(saved.count - 100) more"] : []
    return counts + "\n\n" + (shown + more).joined(separator: "\n")
  }
}
