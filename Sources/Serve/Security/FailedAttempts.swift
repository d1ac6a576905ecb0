// Wrong and revoked tokens, counted per client address: each one is logged (time, address,
// route; never the token given), and after a few an address's further attempts (a login, an
// API call) are refused with 429 for a time that doubles with each failure, so a token cannot
// be guessed at the speed of the network.
import HTTPTypes
import HolderCore
import HolderKit
import Hummingbird
import Localization
import NIOCore
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The failed attempts of every client address, on a clock the tests can move.
final class FailedAttempts: Sendable {
  /// What one address did.
  struct Record {
    var failures = 0
    var last: ContinuousClock.Instant
    var blockedUntil: ContinuousClock.Instant?
  }

  /// Failures an address may make before it has to wait.
  let free: Int
  /// The first wait; each further failure doubles it, up to `longest`.
  let firstWait: Duration
  let longest: Duration
  /// How long an address that stopped failing is remembered.
  let memory: Duration
  private let now: @Sendable () -> ContinuousClock.Instant
  private let records = Mutex<[String: Record]>([:])

  init(
    free: Int = 5, firstWait: Duration = .seconds(30), longest: Duration = .seconds(3600),
    memory: Duration = .seconds(86_400),
    now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
  ) {
    self.free = free
    self.firstWait = firstWait
    self.longest = longest
    self.memory = memory
    self.now = now
  }

  /// How long `address` must still wait before its next attempt; nil when it may try now.
  func wait(for address: String) -> Duration? {
    let now = self.now()
    return records.withLock { records in
      guard let until = records[address]?.blockedUntil, until > now else { return nil }
      return now.duration(to: until)
    }
  }

  /// Counts a wrong or revoked token from `address`; returns the wait it now has, if any.
  @discardableResult
  func failed(from address: String) -> Duration? {
    let now = self.now()
    return records.withLock { records in
      // Forgotten addresses leave, so a flood of addresses cannot grow the table for ever.
      if records.count > 10_000 {
        records = records.filter { $0.value.last.duration(to: now) < memory }
      }
      var record = records[address] ?? Record(last: now)
      if record.last.duration(to: now) >= memory { record = Record(last: now) }
      record.failures += 1
      record.last = now
      if record.failures >= free {
        let doublings = min(record.failures - free, 20)
        let wait = min(firstWait * (1 << doublings), longest)
        record.blockedUntil = now + wait
      }
      records[address] = record
      return record.blockedUntil.map { now.duration(to: $0) }
    }
  }

  /// A valid token from `address`: its count starts again.
  func succeeded(from address: String) {
    _ = records.withLock { $0.removeValue(forKey: address) }
  }

  /// The log line for a refused token: when, from where, at which route.
  ///
  /// Never the token: a log is read by more people than the token file. In English, as every
  /// line of the log (`ServeLog`).
  static func logLine(address: String, route: String, at date: Date = Date()) -> String {
    date.formatted(.iso8601) + " refused a wrong or revoked token from \(address) at \(route)"
  }

  /// Writes `logLine` to the app's log, which the journal keeps under systemd.
  static func log(address: String, route: String) {
    ServeLog.write(logLine(address: address, route: route))
  }
}

/// Finds the client's address (behind a reverse proxy on this machine, the one it forwards)
/// and refuses the attempts of an address that has to wait.
struct ClientAddress: RouterMiddleware {
  typealias Context = AppRequestContext
  let attempts: FailedAttempts

  /// The requests that present a token: a login and every API call.
  static func isAttempt(_ request: Request) -> Bool {
    (request.uri.path == "/login" && request.method == .post)
      || request.uri.path.hasPrefix("/api/") || request.headers[.authorization] != nil
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var context = context
    context.client = Self.client(
      peer: context.remoteAddress?.ipAddress,
      forwardedFor: request.headers[values: .forwardedFor].joined(separator: ","))
    if Self.isAttempt(request), let wait = attempts.wait(for: context.client) {
      return Self.tooMany(wait, api: request.uri.path.hasPrefix("/api/"))
    }
    return try await next(request, context)
  }

  /// The client's address: the peer's, or behind a reverse proxy on this machine the one it
  /// forwards.
  ///
  /// That is the last address of `X-Forwarded-For`, the one the proxy added: an address a
  /// client wrote into the header itself comes before it and is never read, and a peer
  /// elsewhere is never believed.
  static func client(peer: String?, forwardedFor forwarded: String) -> String {
    let address = peer ?? "unknown"
    guard ServeOptions.isLoopback(address) || address.hasPrefix("::ffff:127.") else {
      return address
    }
    guard
      let last = forwarded.split(separator: ",").last?.trimmingSpaces(), !last.isEmpty,
      last.count <= 64
    else { return address }
    return last
  }

  /// 429 with `Retry-After` in whole seconds: for the API in Django REST framework's form, as
  /// linkding throttles, else in words.
  static func tooMany(_ wait: Duration, api: Bool) -> Response {
    let seconds = max(1, Int(wait.components.seconds) + (wait.components.attoseconds > 0 ? 1 : 0))
    var response: Response
    if api {
      response = Response(
        status: .tooManyRequests, headers: [.contentType: "application/json"],
        body: ResponseBody(
          byteBuffer: ByteBuffer(
            string:
              "{\"detail\":\"Request was throttled. Expected available in \(seconds) seconds.\"}")))
      RequestGuard.harden(&response.headers)
    } else {
      response = RequestGuard.refusal(
        .tooManyRequests,
        Reader.text(
          Message(
            "Too many wrong tokens from this address: try again in \(seconds) seconds, with a token that 'holder-git token list' shows."
          )))
    }
    response.headers[.retryAfter] = String(seconds)
    return response
  }
}

extension HTTPField.Name {
  static let forwardedFor = HTTPField.Name.known("X-Forwarded-For")
}
