import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches web pages over HTTP and HTTPS for their metadata, politely and within limits.
///
/// Redirects are followed up to `maxRedirects`, a loop is caught the first time a URL comes
/// back, reading stops after `maxBytes`, and every fetch has a total deadline after which it
/// is cancelled. It says who it is in its User-Agent. One session serves every fetch, so
/// `refresh` can run many at once on one fetcher.
public final class PageFetcher: Sendable {
  /// The User-Agent sent with every request.
  public static let userAgent = "holder-git/0.1 (bookmark metadata fetcher; one request per link)"
  /// Reading stops after this many bytes of a body (2 MB).
  public static let defaultMaxBytes = 2 * 1024 * 1024

  /// Bodies are cut after this many bytes.
  public let maxBytes: Int
  /// Redirects followed before giving up.
  public let maxRedirects: Int
  private let session: URLSession
  private let tasks: TaskTable
  let favicons = FaviconCache()

  /// A fetcher with its own session.
  public init(maxBytes: Int = PageFetcher.defaultMaxBytes, maxRedirects: Int = 5) {
    self.maxBytes = maxBytes
    self.maxRedirects = maxRedirects
    let table = TaskTable(maxRedirects: maxRedirects)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpShouldSetCookies = false
    configuration.httpMaximumConnectionsPerHost = 32
    tasks = table
    session = URLSession(configuration: configuration, delegate: table, delegateQueue: nil)
  }

  deinit {
    session.invalidateAndCancel()
  }

  /// True when the environment turns fetching off (`HOLDER_GIT_OFFLINE` set to anything but
  /// empty or `0`).
  public static func isOffline(environment: [String: String]) -> Bool {
    guard let value = environment["HOLDER_GIT_OFFLINE"] else { return false }
    return !value.isEmpty && value != "0"
  }

  /// Fetches `url`, giving up after `timeout` seconds in all; `limit` lowers the byte cap.
  public func fetch(_ url: String, timeout: Double, limit: Int? = nil) -> Result<
    FetchedPage, FetchError
  > {
    guard let address = URL(string: url), let scheme = address.scheme?.lowercased(),
      scheme == "http" || scheme == "https"
    else {
      return .failure(.network(url: url, reason: "not an http or https URL"))
    }
    var request = URLRequest(url: address, timeoutInterval: max(timeout, 0.001))
    request.setValue(PageFetcher.userAgent, forHTTPHeaderField: "User-Agent")
    request.setValue(
      "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5", forHTTPHeaderField: "Accept")
    let task = session.dataTask(with: request)
    let state = tasks.register(
      task.taskIdentifier, url: url, limit: min(limit ?? maxBytes, maxBytes))
    task.resume()
    let finished = state.done.wait(timeout: .now() + max(timeout, 0.001))
    tasks.remove(task.taskIdentifier)
    guard finished == .success else {
      task.cancel()
      return .failure(.timedOut(url: url, seconds: timeout))
    }
    if case .failure(.timedOut) = state.result() {
      return .failure(.timedOut(url: url, seconds: timeout))
    }
    return state.result()
  }
}
