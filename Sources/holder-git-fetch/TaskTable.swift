import FetchProtocol
import Foundation
import Localization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session delegate of a `PageSession`: it keeps each task's bytes, redirects and outcome.
///
/// Callbacks arrive on the session's queue while the caller waits on the task's semaphore,
/// so every field is behind a lock.
final class TaskTable: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// One fetch in flight.
  final class State: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    let url: String
    let limit: Int
    private let lock = NSLock()
    private var body: [UInt8] = []
    private var visited: Set<String>
    private var redirects = 0
    private var response: HTTPURLResponse?
    private var failure: FetchError?
    private var truncated = false
    private var finished = false

    init(url: String, limit: Int) {
      self.url = url
      self.limit = limit
      visited = [url]
    }

    func locked<T>(_ body: () -> T) -> T {
      lock.lock()
      defer { lock.unlock() }
      return body()
    }

    /// Keeps the bytes up to the limit; true when the limit is reached.
    func append(_ data: Data) -> Bool {
      locked {
        let room = limit - body.count
        body += data.prefix(max(room, 0))
        if data.count >= room { truncated = true }
        return truncated
      }
    }

    /// Decides whether to follow a redirect, recording why not.
    func follow(to target: String, maxRedirects: Int) -> Bool {
      locked {
        if visited.contains(target) {
          failure = .redirectLoop(url: url)
          return false
        }
        guard redirects < maxRedirects else {
          failure = .tooManyRedirects(url: url, limit: maxRedirects)
          return false
        }
        let lowered = target.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
          failure = .network(
            url: url, reason: Message("redirect to a URL that is not http or https").english)
          return false
        }
        redirects += 1
        visited.insert(target)
        return true
      }
    }

    /// Records why the fetch stopped before connecting where a redirect led.
    func refuse(_ error: FetchError) {
      locked { failure = error }
    }

    func receive(_ response: URLResponse) {
      locked { self.response = response as? HTTPURLResponse }
    }

    func finish(_ error: Error?) {
      let signal: Bool = locked {
        guard !finished else { return false }
        finished = true
        if failure == nil, !truncated, let error { failure = TaskTable.fetchError(error, url: url) }
        return true
      }
      if signal { done.signal() }
    }

    func result() -> Result<FetchedPage, FetchError> {
      locked {
        if let failure { return .failure(failure) }
        guard let response else {
          return .failure(.network(url: url, reason: Message("no answer").english))
        }
        guard (200..<300).contains(response.statusCode) else {
          return .failure(.httpStatus(url: url, status: response.statusCode))
        }
        return .success(
          FetchedPage(
            url: response.url?.absoluteString ?? url, status: response.statusCode,
            contentType: response.value(forHTTPHeaderField: "Content-Type"), body: body,
            truncated: truncated))
      }
    }
  }

  private let lock = NSLock()
  private var states: [Int: State] = [:]
  private let maxRedirects: Int
  private let gate: AddressGate

  init(maxRedirects: Int, gate: AddressGate) {
    self.maxRedirects = maxRedirects
    self.gate = gate
  }

  func register(_ id: Int, url: String, limit: Int) -> State {
    let state = State(url: url, limit: limit)
    lock.lock()
    states[id] = state
    lock.unlock()
    return state
  }

  func remove(_ id: Int) {
    lock.lock()
    states[id] = nil
    lock.unlock()
  }

  private func state(_ task: URLSessionTask) -> State? {
    lock.lock()
    defer { lock.unlock() }
    return states[task.taskIdentifier]
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    state(dataTask)?.receive(response)
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    guard let state = state(dataTask) else { return }
    if state.append(data) {
      // Enough read: the page's head is long past, so stop the transfer here.
      state.finish(nil)
      dataTask.cancel()
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    guard let state = state(task), let target = request.url?.absoluteString else {
      completionHandler(nil)
      return
    }
    guard state.follow(to: target, maxRedirects: maxRedirects) else {
      completionHandler(nil)
      state.finish(nil)
      task.cancel()
      return
    }
    // Where each hop leads is judged as the first address was; resolving may take a while,
    // so not on the session's queue, which every other fetch's callbacks share. The fetch's
    // own deadline still bounds the whole.
    let gate = gate
    DispatchQueue.global().async {
      guard let refusal = gate.problem(target, timeout: 10) else {
        completionHandler(request)
        return
      }
      state.refuse(refusal)
      completionHandler(nil)
      state.finish(nil)
      task.cancel()
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    state(task)?.finish(error)
  }

  /// A network error in words.
  static func fetchError(_ error: Error, url: String) -> FetchError {
    guard let error = error as? URLError else {
      return .network(url: url, reason: "\(error)")
    }
    switch error.code {
    case .timedOut: return .timedOut(url: url, seconds: 0)
    // The gate's own lookup answered a moment ago: a failure now is no definite "no such host".
    case .cannotFindHost, .dnsLookupFailed: return .lookupFailed(url: url)
    case .cannotConnectToHost:
      return .network(url: url, reason: Message("the connection was refused").english)
    case .networkConnectionLost:
      return .network(url: url, reason: Message("the connection was lost").english)
    case .notConnectedToInternet: return .network(url: url, reason: Message("no network").english)
    case .httpTooManyRedirects: return .tooManyRedirects(url: url, limit: 5)
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      return .network(url: url, reason: Message("the secure connection failed").english)
    default:
      return .network(url: url, reason: Message("network error \(error.code.rawValue)").english)
    }
  }
}
