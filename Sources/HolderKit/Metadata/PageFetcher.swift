import FetchProtocol
import HolderCore
import Localization
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Fetches web pages over HTTP and HTTPS for their metadata, politely and within limits.
///
/// The fetching and the HTML parsing run in the helper program `holder-git-fetch`
/// (`HelperProgram`), started at the first fetch and ended with this fetcher, so that a
/// command that never fetches never loads a networking stack or libxml2. Redirects are
/// followed up to `maxRedirects`, a loop is caught the first time a URL comes back, reading
/// stops after `maxBytes`, and every fetch has a total deadline after which it is cancelled.
/// It says who it is in its User-Agent. One helper serves every fetch, so `refresh` can run
/// many at once on one fetcher.
public final class PageFetcher: Sendable {
  /// The User-Agent sent with every request.
  public static let userAgent = FetchRequest.userAgent
  /// Reading stops after this many bytes of a body (2 MB).
  public static let defaultMaxBytes = 2 * 1024 * 1024
  /// Time on top of a fetch's own deadline for the helper to start and answer.
  private static let grace = 10.0

  /// Bodies are cut after this many bytes.
  public let maxBytes: Int
  /// Redirects followed before giving up.
  public let maxRedirects: Int
  private let helper: LazyHelper

  /// A fetcher with its own helper, started at the first fetch.
  ///
  /// It never connects to a private, link-local or other non-public address, judged after
  /// resolving each host (redirects included; see `FetchAddressRules`), nor to this machine
  /// unless `allowingLoopback` (what `allowsLoopback(environment:)` reads).
  public init(
    maxBytes: Int = PageFetcher.defaultMaxBytes, maxRedirects: Int = 5,
    allowingLoopback: Bool = false
  ) {
    self.maxBytes = maxBytes
    self.maxRedirects = maxRedirects
    helper = LazyHelper(
      arguments: ["serve", String(maxBytes), String(maxRedirects)]
        + (allowingLoopback ? ["--allow-loopback"] : []))
  }

  /// True when the environment allows fetching from this machine's own addresses
  /// (`HOLDER_GIT_FETCH_LOOPBACK` set to anything but empty or `0`): pages a person serves on
  /// 127.0.0.1, and the tests' and the simulator's page servers.
  public static func allowsLoopback(environment: [String: String]) -> Bool {
    guard let value = environment["HOLDER_GIT_FETCH_LOOPBACK"] else { return false }
    return !value.isEmpty && value != "0"
  }

  /// True when the environment turns fetching off (`HOLDER_GIT_OFFLINE` set to anything but
  /// empty or `0`).
  public static func isOffline(environment: [String: String]) -> Bool {
    guard let value = environment["HOLDER_GIT_OFFLINE"] else { return false }
    return !value.isEmpty && value != "0"
  }

  /// Starts the helper now, so that a missing one is one clear error before any work.
  public func start() throws(FetchError) {
    _ = try helper.connection()
  }

  /// Fetches `url`, giving up after `timeout` seconds in all; `limit` lowers the byte cap.
  public func fetch(_ url: String, timeout: Double, limit: Int? = nil) -> Result<
    FetchedPage, FetchError
  > {
    ask(url: url, timeout: timeout, limit: limit, metadata: false).flatMap { answer in
      guard let page = answer.page else { return .failure(Self.unanswered(answer)) }
      return .success(page)
    }
  }

  /// Fetches `url` and reads what the page says about itself, all within `timeout` seconds.
  ///
  /// The page is decoded by its declared or sniffed character set and parsed by libxml2;
  /// when it links no icon, `/favicon.ico` is asked for in the time left and kept when it
  /// answers with something that is not a page. A body that is not HTML gives metadata with
  /// only `fetched` set.
  public func metadata(
    for url: String, timeout: Double, now: @Sendable () -> Timestamp
  ) -> Result<PageMetadata, FetchError> {
    ask(url: url, timeout: timeout, limit: nil, metadata: true).flatMap { answer in
      guard let facts = answer.facts else { return .failure(Self.unanswered(answer)) }
      return .success(
        PageMetadata(
          title: facts.title, description: facts.description, image: facts.image,
          icon: facts.icon, fetched: now()))
    }
  }

  private func ask(url: String, timeout: Double, limit: Int?, metadata: Bool) -> Result<
    FetchResponse, FetchError
  > {
    let connection: HelperConnection
    do {
      connection = try helper.connection()
    } catch {
      return .failure(error)
    }
    return connection.ask(waitingAtMost: timeout + Self.grace) { id in
      FetchRequest(id: id, url: url, timeout: timeout, limit: limit, metadata: metadata)
    }
  }

  private static func unanswered(_ answer: FetchResponse) -> FetchError {
    answer.error
      ?? .helperFailed(
        reason: Message("the helper program holder-git-fetch gave an answer with nothing in it")
          .english)
  }

  /// The connection, made by the first caller; a helper that could not start says so to
  /// every caller.
  private final class LazyHelper: @unchecked Sendable {
    private let lock = Mutex(())
    private let arguments: [String]
    private var made: Result<HelperConnection, FetchError>?

    init(arguments: [String]) {
      self.arguments = arguments
    }

    func connection() throws(FetchError) -> HelperConnection {
      try lock.withLock { _ throws(FetchError) -> HelperConnection in
        if made == nil {
          do throws(FetchError) {
            made = .success(try HelperConnection(arguments: arguments))
          } catch {
            made = .failure(error)
          }
        }
        guard let result = made else {
          throw .helperFailed(
            reason: Message("the helper program holder-git-fetch was never started").english)
        }
        return try result.get()
      }
    }
  }
}
