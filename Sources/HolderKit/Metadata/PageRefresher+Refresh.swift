import FetchProtocol
import HolderCore
import Localization

// `refresh`: titles, descriptions and thumbnails fetched again for the bookmarks chosen.

extension PageRefresher {
  /// See `Store.refreshMetadata`.
  func refreshMetadata(
    _ targets: [LocatedBookmark], options: RefreshOptions = RefreshOptions(),
    fetcher: PageFetcher, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
  ) throws(StoreError) -> RefreshOutcome {
    // Only web pages have metadata to fetch; a mailto: or a bookmarklet is left alone.
    let chosen = targets.filter {
      let url = $0.bookmark.url
      return (url.hasPrefix("http://") || url.hasPrefix("https://"))
        && (!options.missingOnly || $0.bookmark.metadata?.fetched == nil)
    }
    let deadTag = try options.deadTag.map { tag throws(StoreError) in
      try store.bookmarkEditor.validatedTags([tag])[0]
    }
    let urls = chosen.map(\.bookmark.url)
    let ids = chosen.map(\.bookmark.id)
    let now = store.environment.now
    let timeout = options.timeout
    let total = urls.count
    let thumbnails = ThumbnailCache(storeRoot: store.root)
    let results = BoundedConcurrency.map(
      total, limit: options.concurrency, progress: { progress($0, total) },
      { index in
        let result = fetcher.metadata(for: urls[index], timeout: timeout, now: now)
        // The page's image, cached for the web app (never committed), in the same turn.
        if case .success(let page) = result {
          thumbnails.ensure(ids[index], metadata: page, fetcher: fetcher, timeout: timeout)
        }
        return result
      })

    let down = Self.networkDown(results)
    return try store.withTransaction { (transaction) throws(StoreError) -> RefreshOutcome in
      var outcome = RefreshOutcome(checked: total, changed: [], failures: [], skipped: [])
      outcome.networkDown = down
      var writes: [String: [UInt8]] = [:]
      var changed: [(old: LocatedBookmark, new: LocatedBookmark)] = []
      for (target, result) in zip(chosen, results) {
        let current: Bookmark
        do throws(StoreError) {
          current = try store.reader.bookmark(atPath: target.path)
          try store.handEditIntake.ensureNoHandEdit(at: target.path)
        } catch {
          outcome.skipped.append(
            StoreProblem(path: target.path, message: error.errorDescription ?? "\(error)"))
          continue
        }
        var updated = current
        switch result {
        case .success(let page):
          updated = PageRefresher.applying(page, to: current, replaceTitle: options.replaceTitles)
        case .failure(let problem):
          var tagged = false
          if problem.isDeadLink, down == nil, let deadTag,
            !current.tags.contains(where: { Bookmark.tagKey($0) == Bookmark.tagKey(deadTag) })
          {
            updated.tags.append(deadTag)
            updated.lastModified = Timestamp.stamp(now: now(), previous: current.lastModified)
            tagged = true
          }
          outcome.failures.append(
            .init(
              bookmark: LocatedBookmark(path: target.path, bookmark: updated), problem: problem,
              tagged: tagged))
        }
        guard updated != current else { continue }
        let located = LocatedBookmark(path: target.path, bookmark: updated)
        writes[target.path] = BookmarkCodec.encode(updated)
        outcome.changed.append(located)
        changed.append((LocatedBookmark(path: target.path, bookmark: current), located))
      }
      guard !writes.isEmpty else { return outcome }
      var change = Change(message: refreshMessage(outcome), writes: writes)
      for (old, new) in changed {
        change.tagsBefore[old.path] = old.bookmark.tags
        change.tagsAfter[new.path] = new.bookmark.tags
      }
      try transaction.record(change)
      return outcome
    }
  }

  /// How many of `results` failed the same way and one of them, when more than half of at
  /// least four did: the network (or the name server) is down, and no failure can be taken
  /// for a dead link, NXDOMAIN answers included (an offline resolver may give them).
  static func networkDown(_ results: [Result<PageMetadata, FetchError>])
    -> (count: Int, example: FetchError)?
  {
    guard results.count >= 4 else { return nil }
    var alike: [String: (count: Int, example: FetchError)] = [:]
    for case .failure(let problem) in results {
      guard let kind = problem.connectivityKind else { continue }
      alike[kind, default: (0, problem)].count += 1
    }
    guard let most = alike.values.max(by: { $0.count < $1.count }),
      most.count * 2 > results.count
    else { return nil }
    return most
  }

  /// The bookmark with the page's metadata; the same bookmark when only the time differs.
  static func applying(_ page: PageMetadata, to bookmark: Bookmark, replaceTitle: Bool)
    -> Bookmark
  {
    var updated = bookmark
    var metadata = page
    metadata.extra = bookmark.metadata?.extra ?? [:]
    updated.metadata = metadata
    if let title = page.title, replaceTitle || !bookmark.hasTypedTitle {
      updated.title = title
    }
    // Only the fetch time moved: leave the file alone, so a refresh makes no noise.
    var unstamped = updated
    unstamped.metadata?.fetched = bookmark.metadata?.fetched
    if bookmark.metadata?.fetched != nil, unstamped == bookmark { return bookmark }
    return updated
  }

  private func refreshMessage(_ outcome: RefreshOutcome) -> String {
    let count = outcome.changed.count
    var message =
      count == 1
      ? Message(
        "Refresh metadata of \(store.bookmarkEditor.quoted(outcome.changed[0].bookmark.title))"
      ).english
      : Message("Refresh metadata of \(count) bookmarks").english
    let tagged = outcome.failures.filter(\.tagged)
    if !tagged.isEmpty {
      message += "\n\nTagged as dead links:\n"
      message += tagged.map { "- " + $0.bookmark.bookmark.url }.joined(separator: "\n")
    }
    return message
  }
}
