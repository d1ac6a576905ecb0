// What a page says about itself (title, description, image, icon), fetched before a link saved
// in the app (the form or the bookmarklet) is written, as `holder-git add` fetches it: at most
// 2 s, never when HOLDER_GIT_OFFLINE is set, from this machine only when
// HOLDER_GIT_FETCH_LOOPBACK allows it. The fetch waits on a thread of its own, outside the
// Library, so the app's other requests go on while a site is slow to answer.
import Dispatch
import HolderCore
import HolderKit

struct PageLookup: Sendable {
  /// As long as `holder-git add` waits for a page.
  static let timeout = 2.0
  private let fetcher: PageFetcher?

  init(offline: Bool, allowingLoopback: Bool) {
    fetcher = offline ? nil : PageFetcher(allowingLoopback: allowingLoopback)
  }

  /// The page's metadata, nil when fetching is off or the page did not answer in time (the
  /// link is saved without it, as `add` saves it; `refresh` tries again).
  func metadata(for url: String) async -> PageMetadata? {
    guard let fetcher else { return nil }
    return await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        let fetched = fetcher.metadata(
          for: url, timeout: Self.timeout, now: StoreEnvironment.live.now)
        continuation.resume(returning: try? fetched.get())
      }
    }
  }
}
