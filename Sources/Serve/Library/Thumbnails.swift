// The cards' thumbnails: from the cache under `.holder/local/thumbnails/` when there, else
// fetched once through the fetch helper (never when HOLDER_GIT_OFFLINE is set, never from this
// machine or a private network: a remote chooses these addresses) and cached. A
// source that failed is not asked again while the app runs; two requests for one source wait
// for one fetch; at most six fetch at once. A fetch blocks a thread of its own, never the
// server's.
import Dispatch
import HolderCore
import HolderKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

actor Thumbnails {
  private let cache: ThumbnailCache
  private let fetcher: PageFetcher?
  private var failed: Set<String> = []
  private var running: [String: Task<CachedImage?, Never>] = [:]
  /// Fetches at once: a page of 60 new cards must not hold 60 threads waiting on sites.
  static let fetchesAtOnce = 6
  private var fetching = 0
  private var queued: [CheckedContinuation<Void, Never>] = []

  init(storeRoot: String, offline: Bool, allowingLoopback: Bool) {
    cache = ThumbnailCache(storeRoot: storeRoot)
    fetcher =
      offline
      ? nil
      : PageFetcher(maxBytes: ThumbnailCache.maximumBytes, allowingLoopback: allowingLoopback)
  }

  /// The image to show for `bookmark` (its page's image, else its icon), nil when there is
  /// none to be had.
  func image(for bookmark: Bookmark) async -> CachedImage? {
    for source in ThumbnailCache.sources(of: bookmark) {
      if let hit = cache.cached(bookmark.id, source: source) { return hit }
      guard let fetcher, !failed.contains(source) else { continue }
      let task: Task<CachedImage?, Never>
      if let current = running[source] {
        task = current
      } else {
        let cache = cache
        let id = bookmark.id
        task = Task {
          await self.takeTurn()
          let image = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
              continuation.resume(returning: cache.fetch(id, source: source, fetcher: fetcher))
            }
          }
          self.endTurn()
          return image
        }
        running[source] = task
      }
      let image = await task.value
      running[source] = nil
      if let image { return image }
      failed.insert(source)
    }
    return nil
  }

  private func takeTurn() async {
    if fetching < Self.fetchesAtOnce {
      fetching += 1
      return
    }
    // The turn is handed over by `endTurn`, which keeps `fetching` as it is.
    await withCheckedContinuation { queued.append($0) }
  }

  private func endTurn() {
    if queued.isEmpty {
      fetching -= 1
    } else {
      queued.removeFirst().resume()
    }
  }
}
