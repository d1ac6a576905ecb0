// How long a connection may take and how many may be open at once. Without these a client
// that trickles one header line every few seconds holds a connection, and its memory, for as
// long as it likes, and a few hundred such clients hold the app. Hummingbird closes a
// connection idle between requests (`idleTimeout`); the rest is `ConnectionDeadlines`.
import HummingbirdCore
import NIOCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The limits every connection to the app is held to.
struct ConnectionLimits: Sendable, Equatable {
  /// A request's head (request line and headers) must arrive whole within this, counted from
  /// the connection's first byte after it opened or after the previous answer.
  var head: TimeAmount = .seconds(10)
  /// A keep-alive connection with no request for this long is closed.
  var idle: TimeAmount = .seconds(60)
  /// A request's body must arrive whole within this, counted from the end of its head; long
  /// enough for a browser's bookmark file sent over a slow phone connection.
  var body: TimeAmount = .seconds(120)
  /// Connections open at once; one more is answered 503 and closed.
  var connections = 512

  /// The variables that change a limit: seconds, and a count for the last.
  ///
  /// The tests set them to see a limit reached in a second rather than a minute; a service
  /// may set them too.
  static let variables = (
    head: "HOLDER_GIT_SERVE_HEAD_SECONDS", idle: "HOLDER_GIT_SERVE_IDLE_SECONDS",
    body: "HOLDER_GIT_SERVE_BODY_SECONDS", connections: "HOLDER_GIT_SERVE_MAX_CONNECTIONS"
  )

  /// The defaults, with what `environment` changes; a value that is not a positive number
  /// keeps the default.
  static func from(environment: [String: String]) -> ConnectionLimits {
    var limits = ConnectionLimits()
    func seconds(_ name: String) -> TimeAmount? {
      guard let value = environment[name].flatMap { Double($0) }, value > 0, value < 86_400
      else { return nil }
      return .milliseconds(Int64(value * 1000))
    }
    if let head = seconds(variables.head) { limits.head = head }
    if let idle = seconds(variables.idle) { limits.idle = idle }
    if let body = seconds(variables.body) { limits.body = body }
    if let count = environment[variables.connections].flatMap { Int($0) }, count > 0 {
      limits.connections = count
    }
    return limits
  }

  /// Hummingbird's HTTP/1.1 server held to these limits.
  func http1() -> HTTPServerBuilder {
    let limits = self
    let open = OpenConnections()
    return .http1(
      configuration: .init(
        additionalChannelHandlers: [ConnectionDeadlines(limits: limits, open: open)],
        idleTimeout: idle))
  }
}
