// The app's log (standard output; the journal under systemd): a line per write and per
// refused request, there as soon as the request is answered although the output is a pipe,
// and never the secret.
import Foundation
import Testing

@Suite struct ServeLogTests {
  @Test func aWriteAndARefusalEachGetALineAtOnceAndNoSecret() throws {
    let app = try ServedApp()
    _ = try app.get("/")
    let secret = try app.secret()
    let saved = try app.post(
      "/add", ["url": "https://swift.org/log", "title": "Logged", "_secret": secret])
    #expect(saved.status == 303)
    // The pipe is read as the app writes: the line is there without the app exiting.
    #expect(app.waitForLine("POST /add 303") != nil, "\(app.printed)")
    let refused = try app.post("/add", ["url": "https://swift.org/x", "_secret": "wrong"])
    #expect(refused.status == 403)
    #expect(app.waitForLine("POST /add 403") != nil, "\(app.printed)")
    let rebinding = try app.get("/", headers: ["Host": "evil.example:\(app.port)"])
    #expect(rebinding.status == 421)
    #expect(app.waitForLine("GET / 421") != nil)
    // Reading pages is not logged; the secret never is, nor a query.
    _ = try app.get("/?q=swift")
    // A refusal after it: once its line is read, the search's would have been too.
    _ = try app.get("/marker", headers: ["Host": "elsewhere.example:\(app.port)"])
    #expect(app.waitForLine("GET /marker 421") != nil)
    #expect(!app.printed.contains("GET / 200"))
    #expect(!app.printed.contains(secret))
    #expect(!app.printed.contains("q=swift"))
  }

  @Test func anAPIRequestWithAWrongTokenIsLoggedWithoutIt() throws {
    let app = try ServedApp()
    let token = "wrong-token-0123456789abcdef"
    let reply = try app.get(
      "/api/bookmarks/?q=private",
      headers: ["Authorization": "Token \(token)", "Cookie": "session=cookie-value-42"])
    #expect(reply.status == 401)
    #expect(app.waitForLine("GET /api/bookmarks/ 401") != nil, "\(app.printed)")
    #expect(!app.printed.contains(token))
    #expect(!app.printed.contains("cookie-value-42"))
    #expect(!app.printed.contains("private"))
  }
}
