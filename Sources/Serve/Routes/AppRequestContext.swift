// The context every route and middleware of the app gets: Hummingbird's basic one plus who
// sent the request (the connection's peer, and the client a reverse proxy on this machine
// names), which the slow-down for failed logins and the log of refused tokens need.
import Hummingbird
import NIOCore

/// A request's context with the address of the client that sent it.
struct AppRequestContext: RequestContext, RemoteAddressRequestContext {
  var coreContext: CoreRequestContextStorage
  /// The connection's peer: the browser, or a reverse proxy in front of the app.
  let remoteAddress: SocketAddress?
  /// The client's address as the log and the slow-down name it: the peer, or the last
  /// address of `X-Forwarded-For` when the peer is this machine (`ClientAddress` sets it).
  var client: String

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
    client = remoteAddress?.ipAddress ?? "unknown"
  }
}
