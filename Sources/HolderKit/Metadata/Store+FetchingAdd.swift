import FetchProtocol
import HolderCore

/// What `add` did when it also fetched the page.
public struct FetchingAddOutcome: Sendable {
  /// What was saved.
  public var outcome: AddOutcome
  /// Why the page's metadata is missing, when the fetch failed or ran out of time.
  public var fetchProblem: FetchError?
}

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
    guard let url = try addressToFetch(for: request) else {
      return FetchingAddOutcome(outcome: try add(request), fetchProblem: nil)
    }
    switch fetcher.metadata(for: url, timeout: timeout, now: environment.now) {
    case .success(let page):
      return FetchingAddOutcome(outcome: try add(request, page: page), fetchProblem: nil)
    case .failure(let problem):
      return FetchingAddOutcome(outcome: try add(request), fetchProblem: problem)
    }
  }

  /// The address a fetching add of `request` asks for: its normalised URL, or nil when it
  /// fetches nothing (not an http or https link, or one saved already).
  ///
  /// For a caller that fetches the page itself, away from the store (the web app, whose
  /// store is shared by every request), then saves with `add(_:page:)`.
  public func addressToFetch(for request: AddRequest) throws(StoreError) -> String? {
    let url = try normalizedURL(request.url, allowingUnsafeSchemes: request.allowScript)
    guard url.hasPrefix("http://") || url.hasPrefix("https://"),
      try bookmark(forNormalizedURL: url) == nil
    else { return nil }
    return url
  }
}
