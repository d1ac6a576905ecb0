import Curl
import FetchProtocol
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fetches web pages over HTTP and HTTPS for their metadata, politely and within limits: the
/// helper's side of `PageFetcher`, the only code that starts the networking stack.
///
/// Redirects are followed up to `maxRedirects`, a loop is caught the first time a URL comes
/// back, reading stops after `maxBytes`, and every fetch has a total deadline, hops and all.
/// It says who it is in its User-Agent. It connects only where its `AddressGate` allows,
/// judged for the first address and each redirect before asking there, and only to the
/// addresses the gate judged (libcurl does not look the name up again). One session serves
/// every fetch, so `refresh` can run many at once through one helper (each on its own thread,
/// with its own libcurl handle).
final class PageSession: Sendable {
  /// Bodies are cut after this many bytes.
  let maxBytes: Int
  /// Redirects followed before giving up.
  let maxRedirects: Int
  private let gate: AddressGate
  let favicons = FaviconCache()

  /// The statuses whose `Location` is followed (as URLSession followed them).
  private static let redirections: Set<Int> = [301, 302, 303, 307, 308]

  init(maxBytes: Int, maxRedirects: Int, gate: AddressGate) {
    self.maxBytes = maxBytes
    self.maxRedirects = maxRedirects
    self.gate = gate
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
    func left() -> Double { timeout - Date().timeIntervalSince(start) }
    let transfer = CurlTransfer(
      userAgent: FetchRequest.userAgent,
      headers: ["Accept: text/html,application/xhtml+xml;q=0.9,*/*;q=0.5"])
    let cap = min(limit ?? maxBytes, maxBytes)
    var target = url
    var visited: Set<String> = [url]
    var redirects = 0
    while true {
      // Each hop is judged where it leads before anything is asked there, and connects only
      // to the addresses judged.
      let pin: String?
      switch gate.pass(target, timeout: max(left(), 0.001)) {
      case .failure(.timedOut): return .failure(.timedOut(url: url, seconds: timeout))
      case .failure(let refusal): return .failure(refusal)
      case .success(let allowed): pin = allowed
      }
      guard left() > 0 else { return .failure(.timedOut(url: url, seconds: timeout)) }
      let answer: CurlResponse
      switch transfer.get(target, timeout: left(), limit: cap, pin: pin) {
      case .failure(let failure):
        return .failure(Self.fetchError(failure, url: url, timeout: timeout))
      case .success(let response): answer = response
      }
      if Self.redirections.contains(answer.status), let next = answer.redirect {
        if visited.contains(next) { return .failure(.redirectLoop(url: url)) }
        guard redirects < maxRedirects else {
          return .failure(.tooManyRedirects(url: url, limit: maxRedirects))
        }
        let lowered = next.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
          return .failure(
            .network(
              url: url, reason: Message("redirect to a URL that is not http or https").english))
        }
        redirects += 1
        visited.insert(next)
        target = next
        continue
      }
      guard answer.status != 0 else {
        return .failure(.network(url: url, reason: Message("no answer").english))
      }
      guard (200..<300).contains(answer.status) else {
        return .failure(.httpStatus(url: url, status: answer.status))
      }
      return .success(
        FetchedPage(
          url: target, status: answer.status, contentType: answer.contentType, body: answer.body,
          truncated: answer.truncated))
    }
  }

  /// A transfer's failure in a fetch's words.
  static func fetchError(_ failure: CurlFailure, url: String, timeout: Double) -> FetchError {
    switch failure {
    case .timedOut: return .timedOut(url: url, seconds: timeout)
    // The gate's own lookup answered a moment ago: a failure now is no definite "no such host".
    case .cannotResolve: return .lookupFailed(url: url)
    case .cannotConnect:
      return .network(url: url, reason: Message("the connection was refused").english)
    case .noNetwork: return .network(url: url, reason: Message("no network").english)
    case .connectionLost:
      return .network(url: url, reason: Message("the connection was lost").english)
    case .insecure:
      return .network(url: url, reason: Message("the secure connection failed").english)
    case .other(let code):
      return .network(url: url, reason: Message("network error \(code)").english)
    }
  }
}
