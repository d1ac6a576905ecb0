import Git
import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

// The store's verbs that fetch pages (add with the page's title, refresh); the work is PageRefresher's.

extension Store {
  /// Saves a link like `add(_:)`, with the page's metadata and title when the page answers
  /// within `timeout` seconds; one commit either way.
  ///
  /// The fetch runs before the lock is taken, so a slow page never holds up another
  /// holder-git. A link saved already is not fetched (`refresh` does that), and a title the
  /// user gave wins over the page's.
  public func add(_ request: AddRequest, fetchingWith fetcher: PageFetcher, timeout: Double = 2)
    throws(StoreError) -> FetchingAddOutcome
  {
    try pageRefresher.add(request, fetchingWith: fetcher, timeout: timeout)
  }

  /// The address a fetching add of `request` asks for: its normalised URL, or nil when it
  /// fetches nothing (not an http or https link, or one saved already).
  ///
  /// For a caller that fetches the page itself, away from the store (the web app, whose
  /// store is shared by every request), then saves with `add(_:page:)`.
  public func addressToFetch(for request: AddRequest) throws(StoreError) -> String? {
    try pageRefresher.addressToFetch(for: request)
  }

  /// Fetches the pages of `targets` again, `options.concurrency` at once, and commits every
  /// change in one commit that says how many changed.
  ///
  /// Metadata is not an edit: it never moves `lastModified` (DESIGN §5). A title follows the
  /// page when the user never set one (it equals the old page title or the URL's readable
  /// form) or `replaceTitles` is on. A dead link keeps its metadata and, with `deadTag`, is
  /// tagged (an edit, so stamped). The fetches run before the lock is taken; a bookmark
  /// with an uncommitted hand edit is skipped, never swept into the commit. The page's image
  /// (else its icon) is cached for the web app under `.holder/local/thumbnails/`.
  public func refreshMetadata(
    _ targets: [LocatedBookmark], options: RefreshOptions = RefreshOptions(),
    fetcher: PageFetcher, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
  ) throws(StoreError) -> RefreshOutcome {
    try pageRefresher.refreshMetadata(
      targets, options: options, fetcher: fetcher, progress: progress)
  }
}
