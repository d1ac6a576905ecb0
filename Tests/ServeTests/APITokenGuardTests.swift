import Foundation
import HolderTestSupport
import Testing

/// Every `/api/` route wants a token of `holder-git token` in linkding's header, on loopback
/// too; a wrong or revoked one is refused as linkding refuses it, and the name a client claims
/// for itself is never believed.
@Suite struct APITokenGuardTests {
  private func token(_ app: ServedApp, _ name: String) throws -> String {
    let made = try app.binary.run(["token", "add", name])
    guard made.status == 0 else { throw ServeTestFailure("token add: \(made.stderr)") }
    return made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func everyAPIRouteAnswers401WithoutAValidToken() throws {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift"]])
    let routes = [
      ("GET", "/api/bookmarks/"), ("POST", "/api/bookmarks/"), ("GET", "/api/bookmarks/1/"),
      ("PUT", "/api/bookmarks/1/"), ("PATCH", "/api/bookmarks/1/"),
      ("DELETE", "/api/bookmarks/1/"), ("GET", "/api/bookmarks/check/?url=https://swift.org"),
      ("GET", "/api/tags/"), ("POST", "/api/tags/"), ("GET", "/api/user/profile/"),
      ("GET", "/api/no-such-route/"),
    ]
    for (method, path) in routes {
      let bare = try HTTPReply.send(
        method, path, port: app.port, body: method == "GET" ? nil : "{}")
      #expect(bare.status == 401, "\(method) \(path)")
      #expect(bare.body.contains("Authentication credentials were not provided."))
      #expect(bare.headers["content-type"] == "application/json")
      let wrong = try HTTPReply.send(
        method, path, port: app.port, headers: ["Authorization": "Token 0123456789abcdef"],
        body: method == "GET" ? nil : "{}")
      #expect(wrong.status == 401, "\(method) \(path)")
      #expect(wrong.body.contains("Invalid token."))
      // The page secret is no key to the API.
      let secret = try HTTPReply.send(
        method, path, port: app.port, headers: ["X-Holder-Secret": try app.secret()],
        body: method == "GET" ? nil : "{}")
      #expect(secret.status == 401, "\(method) \(path)")
    }
    #expect(try app.binary.run(["list"], in: app.store).stdout.contains("Swift"))
  }

  @Test func aTokenLetsARequestThroughUntilItIsRevoked() throws {
    let app = try ServedApp()
    let secret = try token(app, "phone")
    let headers = ["Authorization": "Token \(secret)"]
    let through = try app.get("/api/user/profile/", headers: headers)
    #expect(through.status != 401)
    #expect(!through.body.contains("Invalid token."))
    // `Bearer` is read as `Token`.
    #expect(
      try app.get("/api/user/profile/", headers: ["Authorization": "Bearer \(secret)"]).status
        != 401)
    #expect(try app.binary.run(["token", "revoke", "phone"]).status == 0)
    let revoked = try app.get("/api/user/profile/", headers: headers)
    #expect(revoked.status == 401)
    #expect(revoked.body.contains("Invalid token."))
  }

  @Test func thePagesStillNeedTheirSecretNotAToken() throws {
    let app = try ServedApp()
    let secret = try token(app, "phone")
    // A token in the header is no key to the pages' forms: they keep the per-start secret.
    let refused = try app.post(
      "/add", ["url": "https://swift.org"], headers: ["Authorization": "Token \(secret)"])
    #expect(refused.status == 403)
    #expect(try app.binary.run(["list"], in: app.store).stdout.isEmpty)
  }
}
