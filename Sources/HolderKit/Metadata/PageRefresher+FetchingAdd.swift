import FetchProtocol
import HolderCore

/// What `add` did when it also fetched the page.
public struct FetchingAddOutcome: Sendable {
  /// What was saved.
  public var outcome: AddOutcome
  /// Why the page's metadata is missing, when the fetch failed or ran out of time.
  public var fetchProblem: FetchError?
}

extension PageRefresher {
  /// See `Store.add`.
  func add(_ request: AddRequest, fetchingWith fetcher: PageFetcher, timeout: Double = 2)
    throws(StoreError) -> FetchingAddOutcome
  {
    guard let url = try addressToFetch(for: request) else {
      return FetchingAddOutcome(outcome: try store.add(request), fetchProblem: nil)
    }
    switch fetcher.metadata(for: url, timeout: timeout, now: store.environment.now) {
    case .success(let page):
      return FetchingAddOutcome(outcome: try store.add(request, page: page), fetchProblem: nil)
    case .failure(let problem):
      return FetchingAddOutcome(outcome: try store.add(request), fetchProblem: problem)
    }
  }

  /// See `Store.addressToFetch`.
  func addressToFetch(for request: AddRequest) throws(StoreError) -> String? {
    let url = try store.bookmarkEditor.normalizedURL(
      request.url, allowingUnsafeSchemes: request.allowScript)
    guard url.hasPrefix("http://") || url.hasPrefix("https://"),
      try store.reader.bookmark(forNormalizedURL: url) == nil
    else { return nil }
    return url
  }
}
