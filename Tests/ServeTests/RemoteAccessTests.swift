// The app where other machines reach it: it starts only with a token in the token file, every
// page then needs a login (a session cookie, never the token), wrong tokens are logged and
// slowed, and it speaks HTTPS with `--tls-cert`/`--tls-key`.
//
// Tests reach no address but 127.0.0.1, and every 127.x address is loopback to the app, so the
// "other machines" case is made with `--public-url`: behind a reverse proxy on this machine
// the app listens on 127.0.0.1 yet is reached from anywhere, and needs the login exactly as on
// a non-loopback `--listen` (the same `needsLogin`). The requests name the proxy's host, as
// the proxy forwards them.
import Foundation
import HolderTestSupport
import Testing

@Suite struct RemoteAccessTests {
  static let proxy = "bookmarks.test"

  /// A store served as behind a proxy at http://bookmarks.test, with a token called `phone`.
  private func servedBehindAProxy(scheme: String = "http", arguments: [String] = [])
    throws -> (app: ServedApp, token: String)
  {
    let (binary, store) = try ServedApp.store()
    let made = try binary.run(["token", "add", "phone"])
    #expect(made.status == 0)
    let token = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let app = try ServedApp(
      binary: binary, store: store,
      arguments: ["--public-url", "\(scheme)://\(Self.proxy)"] + arguments)
    return (app, token)
  }

  /// What the proxy sends for a browser: its own Host, the browser's Origin on a POST.
  private func viaProxy(_ headers: [String: String] = [:]) -> [String: String] {
    var all = ["Host": Self.proxy]
    all.merge(headers) { _, new in new }
    return all
  }

  /// The login page's secret (every form carries it, the login's too).
  private func loginSecret(_ app: ServedApp) throws -> String {
    let page = try app.get("/login", headers: viaProxy()).body
    guard let range = page.range(of: "name=\"holder-secret\" content=\"") else {
      throw ServeTestFailure("no secret in the login page: \(page)")
    }
    return String(page[range.upperBound...].prefix { $0 != "\"" })
  }

  private func logIn(_ app: ServedApp, token: String, headers: [String: String] = [:]) throws
    -> HTTPReply
  {
    try app.post(
      "/login", ["token": token, "_secret": try loginSecret(app), "next": "/tags"],
      headers: viaProxy(["Origin": "http://\(Self.proxy)"]).merging(headers) { _, new in new })
  }

  private func cookie(of reply: HTTPReply) -> String {
    reply.headers["set-cookie"]?.split(separator: ";").first.map(String.init) ?? ""
  }

  @Test func anAddressOtherMachinesReachNeedsATokenFirst() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("bookmarks")
    try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    #expect(try binary.run(["init"], in: store).status == 0)
    // Refused before it listens: no socket is opened on 0.0.0.0.
    let listening = try binary.run(["serve", "--listen", "0.0.0.0"], in: store)
    #expect(listening.status != 0)
    #expect(listening.stderr.contains("run 'holder-git token add NAME' first"))
    let proxied = try binary.run(["serve", "--public-url", "https://\(Self.proxy)"], in: store)
    #expect(proxied.status != 0)
    #expect(proxied.stderr.contains("run 'holder-git token add NAME' first"))
    let gone = try binary.run(["serve", "--token", "a long secret phrase"], in: store)
    #expect(gone.status != 0)
  }

  @Test func everyPageNeedsTheLoginAndAValidTokenGivesAnHttpOnlyStrictCookie() throws {
    let (app, token) = try servedBehindAProxy()
    let list = try app.get("/", headers: viaProxy())
    #expect(list.status == 303)
    #expect(list.headers["location"] == "/login?next=/")
    #expect(!list.body.contains("Swift"))
    #expect(try app.get("/b/x/edit", headers: viaProxy()).status == 303)
    #expect(try app.get("/export", headers: viaProxy()).status == 303)
    // Behind a plain-HTTP address the app says what crosses the network readable.
    #expect(app.waitForPrinted { $0.contains("plain HTTP: tokens and the login cookie") })
    let form = try app.get("/login", headers: viaProxy())
    #expect(form.status == 200)
    #expect(form.body.contains("name=\"token\""))
    // The files built into the program are no part of the store: the login page and an
    // installed app's shell use them before the login.
    for open in [
      "/static/app.css", "/manifest.webmanifest", "/sw.js", "/favicon.ico", "/offline", "/health",
    ] {
      #expect(try app.get(open, headers: viaProxy()).status == 200, "\(open)")
    }

    let login = try logIn(app, token: token)
    #expect(login.status == 303)
    #expect(login.headers["location"] == "/tags")
    let setCookie = login.headers["set-cookie"] ?? ""
    #expect(setCookie.contains("HttpOnly"))
    #expect(setCookie.contains("SameSite=Strict"))
    #expect(setCookie.contains("Path=/"))
    // Over plain HTTP the cookie cannot be Secure; it never holds the token.
    #expect(!setCookie.contains("Secure"))
    #expect(!setCookie.contains(token))
    let page = try app.get("/", headers: viaProxy(["Cookie": cookie(of: login)]))
    #expect(page.status == 200)
    #expect(page.body.contains("Swift"))
    #expect(page.body.contains("data-test=\"logout\""))
    // A made-up session is no session.
    let forged = try app.get("/", headers: viaProxy(["Cookie": "holder_session=" + token]))
    #expect(forged.status == 303)
    #expect(!app.printed.contains(token))
  }

  @Test func aChangeNeedsTheLoginTooAndTheChecksOfEveryFormStillHold() throws {
    let (app, token) = try servedBehindAProxy()
    let secret = try loginSecret(app)
    let origin = ["Origin": "http://\(Self.proxy)"]
    let anonymous = try app.post(
      "/add", ["url": "https://example.org", "_secret": secret], headers: viaProxy(origin))
    #expect(anonymous.status == 401)
    let session = cookie(of: try logIn(app, token: token))
    let withCookie = viaProxy(origin.merging(["Cookie": session]) { _, new in new })
    // The proxy's origin is the app's own; another site's is refused even logged in.
    let added = try app.post(
      "/add", ["url": "https://example.org", "title": "Example", "_secret": secret],
      headers: withCookie)
    #expect(added.status == 303)
    let foreign = try app.post(
      "/add", ["url": "https://example.com", "_secret": secret],
      headers: withCookie.merging(["Origin": "http://evil.example"]) { _, new in new })
    #expect(foreign.status == 403)
    let noSecret = try app.post(
      "/add", ["url": "https://example.com"], headers: withCookie)
    #expect(noSecret.status == 403)
    // The Host check: the proxy's host and the app's own are answered, no other.
    #expect(try app.get("/", headers: ["Host": "evil.example"]).status == 421)
    #expect(
      try app.get("/", headers: ["Host": "\(Self.proxy):8080", "Cookie": session]).status == 421)
    #expect(try app.get("/", headers: ["Cookie": session]).status == 200)
    let listed = try app.binary.run(["list"], in: app.store).stdout
    #expect(listed.contains("Example"))
    #expect(!listed.contains("example.com"))
  }

  @Test func aWrongTokenIsRefusedAndLoggedAndRepeatedItIsRefusedFor429() throws {
    let (app, token) = try servedBehindAProxy()
    let wrong = "0123456789abcdef0123456789abcdef01234567"
    for attempt in 1...4 {
      let refused = try logIn(app, token: wrong)
      #expect(refused.status == 401, "attempt \(attempt)")
      #expect(refused.headers["set-cookie"] == nil)
    }
    func refusals(_ printed: String) -> [Substring] {
      printed.split(separator: "\n").filter { $0.contains("refused a wrong") }
    }
    #expect(app.waitForPrinted { refusals($0).count == 4 })
    let log = refusals(app.printed)
    #expect(log.first?.contains("127.0.0.1") == true)
    #expect(log.first?.contains("POST /login") == true)
    #expect(!app.printed.contains(wrong))
    let fifth = try logIn(app, token: wrong)
    #expect(fifth.status == 429)
    #expect(fifth.headers["retry-after"] == "30")
    // Refused now even with the right token: the address must wait.
    let right = try logIn(app, token: token)
    #expect(right.status == 429)
    #expect(Int(right.headers["retry-after"] ?? "") ?? 0 > 0)
    #expect(!app.printed.contains(token))
  }

  @Test func wrongAPITokensCountAlikeAndAreAnsweredAsLinkdingThrottles() throws {
    let (app, token) = try servedBehindAProxy()
    let wrong = ["Authorization": "Token 0000000000000000000000000000000000000000"]
    for _ in 1...4 {
      #expect(try app.get("/api/bookmarks/", headers: viaProxy(wrong)).status == 401)
    }
    #expect(app.waitForPrinted { $0.contains("at GET /api/bookmarks/") })
    let throttled = try app.get("/api/bookmarks/", headers: viaProxy(wrong))
    #expect(throttled.status == 429)
    #expect(throttled.headers["retry-after"] == "30")
    #expect(throttled.body.contains("\"detail\":\"Request was throttled."))
    // The login from that address waits as well.
    #expect(try logIn(app, token: token).status == 429)
  }

  @Test func onLoopbackWrongAPITokensAreLoggedButNotSlowed() throws {
    let app = try ServedApp()
    let wrong = ["Authorization": "Token 0000000000000000000000000000000000000000"]
    for _ in 1...7 {
      #expect(try app.get("/api/bookmarks/", headers: wrong).status == 401)
    }
    #expect(app.waitForPrinted { $0.contains("refused a wrong or revoked token from 127.0.0.1") })
  }

  @Test func behindTheProxyTheForwardedAddressIsTheOneSlowedAndLogged() throws {
    let (app, token) = try servedBehindAProxy()
    let wrong = "fedcba9876543210fedcba9876543210fedcba98"
    // What the proxy appends is the last address; one a client wrote itself comes first.
    let guesser = ["X-Forwarded-For": "198.51.100.7, 203.0.113.9"]
    for _ in 1...5 { _ = try logIn(app, token: wrong, headers: guesser) }
    #expect(try logIn(app, token: token, headers: guesser).status == 429)
    #expect(app.waitForPrinted { $0.contains("from 203.0.113.9 at POST /login") })
    // Another client behind the same proxy is not held up by it.
    let other = try logIn(app, token: token, headers: ["X-Forwarded-For": "192.0.2.44"])
    #expect(other.status == 303)
  }

  @Test func revokingTheTokenEndsItsSessionsAndLogoutEndsOne() throws {
    let (app, token) = try servedBehindAProxy()
    let first = cookie(of: try logIn(app, token: token))
    let second = cookie(of: try logIn(app, token: token))
    #expect(try app.get("/", headers: viaProxy(["Cookie": first])).status == 200)
    let logout = try app.post(
      "/logout", ["_secret": try loginSecret(app)],
      headers: viaProxy(["Origin": "http://\(Self.proxy)", "Cookie": first]))
    #expect(logout.status == 303)
    #expect(logout.headers["set-cookie"]?.contains("Max-Age=0") == true)
    #expect(try app.get("/", headers: viaProxy(["Cookie": first])).status == 303)
    #expect(try app.get("/", headers: viaProxy(["Cookie": second])).status == 200)

    #expect(try app.binary.run(["token", "revoke", "phone"]).status == 0)
    let after = try app.get("/", headers: viaProxy(["Cookie": second]))
    #expect(after.status == 303)
    #expect(after.headers["location"]?.hasPrefix("/login") == true)
    #expect(try logIn(app, token: token).status == 401)
  }

  @Test func onLoopbackNothingAsksForALogin() throws {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift"]])
    let page = try app.get("/")
    #expect(page.status == 200)
    #expect(!page.body.contains("data-test=\"logout\""))
    #expect(try app.get("/login").headers["location"] == "/")
  }
}
