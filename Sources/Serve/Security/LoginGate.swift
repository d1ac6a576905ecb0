// The login that every page needs when other machines reach the app (`--listen` beyond
// loopback, or `--public-url` behind a reverse proxy): a session cookie holding a random id
// that the app maps, in memory, to the name of the token that logged in. The cookie never
// holds the token; a revoked token's sessions end at their next request; a restart ends all.
// The API (`/api/`) is not gated here: it takes only `Authorization: Token`, never the
// cookie, so no page of another site can make a browser's cookie call it.
import HTTPTypes
import HolderCore
import HolderKit
import Hummingbird
import Localization
import Synchronization

/// The logged-in browsers: session id → the token's name.
final class Sessions: Sendable {
  /// The cookie the session id travels in.
  static let cookie = "holder_session"
  /// More sessions than anyone logs in with; past it the oldest is dropped, so a flood of
  /// logins cannot grow the table for ever.
  static let most = 1000

  private struct Session {
    var name: String
    var started: ContinuousClock.Instant
  }

  private let sessions = Mutex<[String: Session]>([:])

  /// Starts a session for the token called `name`; returns its id for the cookie.
  func start(name: String) -> String {
    let id = Secret.make()
    sessions.withLock { sessions in
      if sessions.count >= Self.most,
        let oldest = sessions.min(by: { $0.value.started < $1.value.started })?.key
      {
        sessions.removeValue(forKey: oldest)
      }
      sessions[id] = Session(name: name, started: .now)
    }
    return id
  }

  /// The token name of the session `id`, while that token is still among `names`; a
  /// session whose token was revoked ends here.
  func name(of id: String?, among names: Set<String>) -> String? {
    guard let id else { return nil }
    return sessions.withLock { sessions in
      guard let session = sessions[id] else { return nil }
      guard names.contains(session.name) else {
        sessions.removeValue(forKey: id)
        return nil
      }
      return session.name
    }
  }

  /// Ends the session `id` (logging out).
  func end(_ id: String?) {
    guard let id else { return }
    _ = sessions.withLock { $0.removeValue(forKey: id) }
  }

  /// The `Set-Cookie` value for session `id`.
  ///
  /// `Secure` when the browser reaches the app over HTTPS. No `Max-Age`: the browser forgets
  /// it when it closes, as the app forgets its sessions on a restart.
  static func setCookie(_ id: String, secure: Bool) -> String {
    "\(cookie)=\(id); HttpOnly; SameSite=Strict; Path=/" + (secure ? "; Secure" : "")
  }

  /// The `Set-Cookie` value that removes the cookie.
  static func clearCookie(secure: Bool) -> String {
    "\(cookie)=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0" + (secure ? "; Secure" : "")
  }
}

/// Sends a browser without a session to `/login` when the app needs one.
struct LoginGate: RouterMiddleware {
  typealias Context = AppRequestContext
  let settings: GuardSettings
  let sessions: Sessions

  /// What anyone may open: the login itself, the files built into the program (style, script,
  /// the installable app's shell: nothing in them is the store's), the API, which checks its
  /// own token, and the health answer a monitor asks for.
  static func isOpen(_ path: String) -> Bool {
    path == "/login" || path.hasPrefix("/static/") || shell.contains(path)
      || path == "/api" || path.hasPrefix("/api/") || path == "/health"
  }

  /// The installable app's files outside `/static/`: a browser fetches some of them without
  /// the cookie (a manifest's icons, a service worker's update check), and the offline page
  /// shows only that the server is out of reach.
  static let shell: Set<String> = ["/manifest.webmanifest", "/sw.js", "/favicon.ico", "/offline"]

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard settings.needsLogin, !Self.isOpen(request.uri.path) else {
      return try await next(request, context)
    }
    if loggedIn(request) != nil { return try await next(request, context) }
    if request.method == .get || request.method == .head {
      // Back to the page asked for once logged in; only a path of this app.
      let target = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
      return App.seeOther("/login?next=" + QueryText.encode(target))
    }
    return RequestGuard.refusal(
      .unauthorized,
      Reader.text(
        Message("Log in first: open /login and give a token of 'holder-git token add NAME'.")))
  }

  /// The token name of the request's session, when it has a live one.
  func loggedIn(_ request: Request) -> String? {
    let id = RequestGuard.cookie(Sessions.cookie, in: request.headers[.cookie] ?? "")
    guard id != nil else { return nil }
    let names = Set(((try? settings.tokens.list()) ?? []).map(\.name))
    return sessions.name(of: id, among: names)
  }
}
