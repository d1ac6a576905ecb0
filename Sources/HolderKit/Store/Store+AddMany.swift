import HolderCore

/// What happened to one request of `addMany`.
public enum ManyAddResult: Sendable {
  /// Saved now.
  case added(LocatedBookmark)
  /// The URL was saved before, or earlier in the same batch.
  case alreadySaved(LocatedBookmark)
  /// The request was refused, with the reason in git's style (a bad URL or tag).
  case refused(reason: String)
}

extension Store {
  /// Saves many links in one commit (`Add 12 bookmarks`), one result per request in order.
  ///
  /// Nothing already saved is changed, and a bad request is refused without stopping the
  /// others. Nothing is committed when nothing is added.
  public func addMany(_ requests: [AddRequest]) throws(StoreError) -> [ManyAddResult] {
    let lock = try lockForWriting()
    defer { withExtendedLifetime(lock) {} }
    var results: [ManyAddResult] = []
    var added: [String: LocatedBookmark] = [:]
    var change = Change(message: "")
    for request in requests {
      let url: String
      let tags: [String]
      do {
        url = try normalizedURL(request.url, allowingUnsafeSchemes: request.allowScript)
      } catch {
        results.append(.refused(reason: error.errorDescription ?? ""))
        continue
      }
      do {
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
      do {
        if let existing = try bookmark(forNormalizedURL: url) {
          results.append(.alreadySaved(existing))
          continue
        }
      } catch {
        results.append(.refused(reason: error.errorDescription ?? "\(error)"))
        continue
      }
      let now = environment.now()
      let title = request.title.flatMap { $0.isEmpty ? nil : $0 } ?? Store.defaultTitle(for: url)
      let bookmark = Bookmark(
        id: environment.newID(), url: url, title: title, note: request.note ?? "", tags: tags,
        favorite: request.favorite, created: now, lastModified: now)
      let located = LocatedBookmark(path: path, bookmark: bookmark)
      added[path] = located
      change.writes[path] = BookmarkCodec.encode(bookmark)
      results.append(.added(located))
    }
    let saved = results.compactMap { result -> LocatedBookmark? in
      if case .added(let located) = result { return located }
      return nil
    }
    guard !saved.isEmpty else { return results }
    change.message = manyAddMessage(saved)
    try record(change)
    for located in saved { addTagViews(for: located) }
    try recordTagViewsHead()
    return results
  }

  private func manyAddMessage(_ saved: [LocatedBookmark]) -> String {
    if saved.count == 1 { return "Add \(quoted(saved[0].bookmark.title))" }
    let shown = saved.prefix(100).map { "- " + quoted($0.bookmark.title) }
    let more = saved.count > 100 ? ["- …and \(saved.count - 100) more"] : []
    return "Add \(bookmarkCount(saved.count))\n\n" + (shown + more).joined(separator: "\n")
  }
}
