// The rules every request passes before a route sees it: the Host header
// must name this server (a DNS-rebinding page cannot reach the app, `--public-url` names the
// reverse proxy's), a POST must come from the app's own pages (Origin, Sec-Fetch-Site) and
// carry the per-start secret. The API (`/api/`) is for programs, not pages: it needs a token
// of `holder-git token` in the `Authorization` header instead, on every address, and a wrong
// one counts against the sender's address (`FailedAttempts`). Every answer gets the strict
// headers (CSP and friends). The login that pages need on an address other machines reach is
// `LoginGate`'s.
import HTTPTypes
import HolderCore
import HolderKit
import Hummingbird
import Localization
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the guard checks against: fixed at start, but for the port, which is known once the
/// server listens (port 0 lets the system choose).
final class GuardSettings: @unchecked Sendable {
  /// The per-start secret (`Secret.make()`).
  let secret: String
  let listen: String
  /// Whether the app itself speaks HTTPS.
  let tls: Bool
  /// The address a reverse proxy serves the app at, accepted beside the app's own.
  let publicURL: PublicURL?
  /// Whether other machines reach the app, so that every page needs a login.
  let needsLogin: Bool
  /// The tokens the login takes (`holder-git token`), read on each use so a revoke counts at
  /// once.
  let tokens: APITokens
  /// Wrong and revoked tokens per address, and how long each address must wait.
  let attempts: FailedAttempts
  private let boundPort = Mutex(0)

  init(
    listen: String, secret: String, tokens: APITokens, tls: Bool = false,
    publicURL: PublicURL? = nil
  ) {
    self.listen = listen
    self.secret = secret
    self.tokens = tokens
    self.tls = tls
    self.publicURL = publicURL
    needsLogin = !ServeOptions.isLoopback(listen) || publicURL != nil
    // On loopback only this machine's programs try tokens, and a 160-bit token is not guessed:
    // wrong ones are logged, but one misconfigured script does not lock out the others.
    attempts = FailedAttempts(free: needsLogin ? 5 : Int.max)
  }

  /// The port the server listens on.
  var port: Int {
    get { boundPort.withLock { $0 } }
    set { boundPort.withLock { $0 = newValue } }
  }

  /// `http` or `https`, as the app itself answers.
  var scheme: String { tls ? "https" : "http" }

  /// Whether the browser reaches the app over HTTPS (its own, or the proxy's), so that its
  /// cookie may travel only over HTTPS.
  var secureCookies: Bool { tls || publicURL?.scheme == "https" }

  /// `host:port` values a browser sends for this server, lower-cased.
  var hosts: Set<String> {
    let port = self.port
    var hosts: Set<String> = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
    if !ServeOptions.isLoopback(listen) {
      hosts.insert((listen.contains(":") ? "[\(listen)]" : listen).lowercased() + ":\(port)")
    }
    if let publicURL { hosts.insert(publicURL.host) }
    return hosts
  }

  /// The origins (`http://host:port`) a POST may come from.
  var origins: Set<String> {
    var origins = Set(hosts.map { scheme + "://" + $0 })
    if let publicURL { origins.insert(publicURL.origin) }
    return origins
  }

  /// The address pages and the bookmarklet use: the proxy's when there is one.
  var origin: String {
    if let publicURL { return publicURL.origin + "/" }
    let host = ServeOptions.isLoopback(listen) ? "127.0.0.1" : listen
    return "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
  }
}

/// The header the guard names an API request's token in, for the route to commit under.
enum APIClientField {
  static let header = HTTPField.Name.known("X-Holder-Client")
}

/// The header and the form field the secret travels in.
enum SecretField {
  static let header = HTTPField.Name.known("X-Holder-Secret")
  static let form = "_secret"
}

struct RequestGuard: RouterMiddleware {
  typealias Context = AppRequestContext
  let settings: GuardSettings

  /// The strict Content-Security-Policy: the app's own script and style only, no inline code,
  /// no third-party images, nothing framing the app.
  static var policy: String {
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self';"
      + " connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none';"
      + " manifest-src 'self'; worker-src 'self'"
  }

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var request = request
    let host = (request.head.authority ?? "").lowercased()
    guard settings.hosts.contains(host) else {
      return Self.refusal(
        .misdirectedRequest,
        Reader.text(
          Message(
            "This app answers only at http://127.0.0.1:PORT/ or http://localhost:PORT/; the request named the host '\(host)'. Open the address `holder-git serve` printed."
          )))
    }
    // Whatever a client sent as the token's name is not believed: only the guard sets it.
    request = Self.naming(nil, in: request)
    if request.uri.path == "/api" || request.uri.path.hasPrefix("/api/") {
      return try await api(request, context: context, next: next)
    }
    // A monitor's question needs no secret or token: its answer holds nothing of the store.
    if request.uri.path == "/health" && request.method == .get {
      var response = try await next(request, context)
      Self.harden(&response.headers)
      return response
    }
    if request.method != .get && request.method != .head {
      if let origin = request.headers[.origin], !settings.origins.contains(origin.lowercased()) {
        return Self.refusal(
          .forbidden,
          Reader.text(
            Message(
              "Refused: the request came from another site (\(origin)). Changes are made from the app's own pages only."
            )))
      }
      if let site = request.headers[HTTPField.Name.known("Sec-Fetch-Site")],
        site != "same-origin" && site != "none"
      {
        return Self.refusal(
          .forbidden,
          Reader.text(
            Message("Refused: the request came from another site. Use the app's own pages.")))
      }
      var given = request.headers[SecretField.header]
      if given == nil {
        let body = try await request.collectBody(upTo: FormFields.maximumBytes)
        given = FormFields(body: String(buffer: body))[SecretField.form]
      }
      guard Secret.matches(given, settings.secret) else {
        return Self.refusal(
          .forbidden,
          Reader.text(
            Message(
              "Refused: this change did not carry the app's secret (it is new each time the app starts). Reload the page and try again."
            )))
      }
    }
    var response = try await next(request, context)
    Self.harden(&response.headers)
    return response
  }

  /// An API request: let through with its token's name, or answered 401 as linkding answers.
  ///
  /// No Origin or secret check: a page of another site cannot send an `Authorization`
  /// header without a CORS preflight, which the app never grants.
  private func api(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard let given = Self.token(in: request.headers[.authorization]) else {
      return Self.unauthorized("Authentication credentials were not provided.")
    }
    guard let token = settings.tokens.verify(given) else {
      FailedAttempts.log(
        address: context.client, route: "\(request.method.rawValue) \(request.uri.path)")
      if let wait = settings.attempts.failed(from: context.client) {
        return ClientAddress.tooMany(wait, api: true)
      }
      return Self.unauthorized("Invalid token.")
    }
    settings.attempts.succeeded(from: context.client)
    var response = try await next(Self.naming(token.name, in: request), context)
    Self.harden(&response.headers)
    return response
  }

  /// `request` with `client` as its token's name (none when nil).
  static func naming(_ client: String?, in request: Request) -> Request {
    guard client != nil || request.headers[APIClientField.header] != nil else { return request }
    var head = request.head
    head.headerFields[APIClientField.header] = client
    return Request(head: head, body: request.body)
  }

  /// The secret of `Authorization: Token SECRET` (linkding's scheme; `Bearer` is taken too).
  static func token(in header: String?) -> String? {
    guard let header else { return nil }
    let parts = header.split(separator: " ", maxSplits: 1)
    guard parts.count == 2 else { return nil }
    let scheme = parts[0].lowercased()
    guard scheme == "token" || scheme == "bearer" else { return nil }
    let secret = parts[1].trimmingSpaces()
    return secret.isEmpty ? nil : String(secret)
  }

  /// 401 with Django REST framework's body and the scheme a client should use.
  static func unauthorized(_ detail: String) -> Response {
    var response = Response(
      status: .unauthorized,
      headers: [.contentType: "application/json", .wwwAuthenticate: "Token"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: "{\"detail\":\"\(detail)\"}")))
    harden(&response.headers)
    return response
  }

  /// The headers every answer carries.
  static func harden(_ headers: inout HTTPFields) {
    headers[.contentSecurityPolicy] = policy
    headers[HTTPField.Name.known("X-Content-Type-Options")] = "nosniff"
    headers[HTTPField.Name.known("X-Frame-Options")] = "DENY"
    // Not `no-referrer`: under it a browser sends `Origin: null` with every POST, even the
    // app's own forms, and the origin check above refuses them all. `same-origin` still
    // sends no address to another site.
    headers[HTTPField.Name.known("Referrer-Policy")] = "same-origin"
    headers[HTTPField.Name.known("Cross-Origin-Opener-Policy")] = "same-origin"
    if headers[.cacheControl] == nil { headers[.cacheControl] = "no-store" }
  }

  static func refusal(_ status: HTTPResponse.Status, _ text: String) -> Response {
    var response = Response(
      status: status, headers: [.contentType: "text/plain; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
    harden(&response.headers)
    return response
  }

  static func cookie(_ name: String, in header: String) -> String? {
    for part in header.split(separator: ";") {
      let pair = part.trimmingSpaces().split(separator: "=", maxSplits: 1)
      if pair.count == 2 && pair[0] == name { return String(pair[1]) }
    }
    return nil
  }
}

extension HTTPField.Name {
  /// A header name written in this file, valid by construction.
  static func known(_ name: String) -> HTTPField.Name {
    guard let field = HTTPField.Name(name) else { preconditionFailure("bad header name \(name)") }
    return field
  }
}
