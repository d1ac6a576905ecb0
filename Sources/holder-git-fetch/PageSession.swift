import FetchProtocol
import Foundation
import Localization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches web pages over HTTP and HTTPS for their metadata, politely and within limits: the
/// helper's side of `PageFetcher`, the only code that starts the networking stack.
///
/// Redirects are followed up to `maxRedirects`, a loop is caught the first time a URL comes
/// back, reading stops after `maxBytes`, and every fetch has a total deadline after which it
/// is cancelled. It says who it is in its User-Agent. It connects only where its `AddressGate`
/// allows, judged for the first address and each redirect. One session serves every fetch, so
/// `refresh` can run many at once through one helper.
final class PageSession: Sendable {
  /// Bodies are cut after this many bytes.
  let maxBytes: Int
  /// Redirects followed before giving up.
  let maxRedirects: Int
  private let session: URLSession
  private let tasks: TaskTable
  private let gate: AddressGate
  let favicons = FaviconCache()

  init(maxBytes: Int, maxRedirects: Int, gate: AddressGate) {
    self.maxBytes = maxBytes
    self.maxRedirects = maxRedirects
    self.gate = gate
    let table = TaskTable(maxRedirects: maxRedirects, gate: gate)
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

  /// Fetches `url`, giving up after `timeout` seconds in all; `limit` lowers the byte cap.
  func fetch(_ url: String, timeout: Double, limit: Int? = nil) -> Result<
    FetchedPage, FetchError
  > {
    guard let address = URL(string: url), let scheme = address.scheme?.lowercased(),
      scheme == "http" || scheme == "https"
    else {
      return .failure(.network(url: url, reason: Message("not an http or https URL").english))
    }
    let start = Date()
    if let refusal = gate.problem(url, timeout: timeout) { return .failure(refusal) }
    // The name was resolved within the fetch's time: the rest is the request's.
    let left = max(timeout - Date().timeIntervalSince(start), 0.001)
    var request = URLRequest(url: address, timeoutInterval: left)
    request.setValue(FetchRequest.userAgent, forHTTPHeaderField: "User-Agent")
    request.setValue(
      "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5", forHTTPHeaderField: "Accept")
    let task = session.dataTask(with: request)
    let state = tasks.register(
      task.taskIdentifier, url: url, limit: min(limit ?? maxBytes, maxBytes))
    task.resume()
    let finished = state.done.wait(timeout: .now() + left)
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
