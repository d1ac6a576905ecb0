import Foundation
import HolderTestSupport
import Testing

/// No other site can change the store, DNS rebinding is refused, user data
/// is never markup, and the pages run no inline script.
@Suite struct SecurityTests {
  private func saved(_ app: ServedApp) throws -> String {
    try app.binary.run(["list"], in: app.store).stdout
  }

  @Test func aChangeWithoutTheSecretIsRefusedAndChangesNothing() throws {
    let app = try ServedApp()
    let refused = try app.post("/add", ["url": "https://swift.org", "title": "Swift"])
    #expect(refused.status == 403)
    #expect(refused.body.contains("secret"))
    let wrong = try app.post(
      "/add", ["url": "https://swift.org", "title": "Swift", "_secret": "0123"])
    #expect(wrong.status == 403)
    #expect(try saved(app).isEmpty)
    let secret = try app.secret()
    let accepted = try app.post(
      "/add", ["url": "https://swift.org", "title": "Swift", "_secret": secret])
    #expect(accepted.status == 303)
    #expect(try saved(app).contains("Swift"))
    // The header works as well as the form field (the page's script uses it).
    let byHeader = try app.post(
      "/add", ["url": "https://example.org", "title": "Example"],
      headers: ["X-Holder-Secret": secret])
    #expect(byHeader.status == 303)
  }

  @Test func aRequestFromAnotherSiteIsRefusedEvenWithTheSecret() throws {
    let app = try ServedApp()
    let secret = try app.secret()
    let fields = ["url": "https://swift.org", "_secret": secret]
    let foreign = try app.post("/add", fields, headers: ["Origin": "http://evil.example"])
    #expect(foreign.status == 403)
    #expect(foreign.body.contains("another site"))
    let crossSite = try app.post("/add", fields, headers: ["Sec-Fetch-Site": "cross-site"])
    #expect(crossSite.status == 403)
    #expect(try saved(app).isEmpty)
  }

  @Test func aForeignHostIsRefused() throws {
    let app = try ServedApp()
    let rebound = try app.get("/", headers: ["Host": "evil.example:\(app.port)"])
    #expect(rebound.status == 421)
    #expect(!rebound.body.contains("holder-secret"))
    #expect(try app.get("/", headers: ["Host": "localhost:\(app.port)"]).status == 200)
    #expect(try app.get("/", headers: ["Host": "127.0.0.1:1"]).status == 421)
  }

  @Test func titlesNotesAndTagsAreTextNeverMarkup() throws {
    let hostile = "<script>alert(1)</script>"
    let app = try ServedApp(adds: [
      [
        "https://swift.org", "--title", "Swift \(hostile)", "--note",
        "<img src=x onerror=alert(2)>", "--tag", "a\"onmouseover=\"x",
      ]
    ])
    let id = try #require(try app.firstCardID())
    for path in ["/", "/b/\(id)", "/fragment/list?q=swift", "/b/\(id)/edit", "/?q=alert"] {
      let body = try app.get(path).body
      #expect(!body.contains("<script>alert"), "\(path)")
      #expect(!body.contains("<img src=x"), "\(path)")
      #expect(!body.contains("\"onmouseover"), "\(path)")
    }
    #expect(try app.get("/b/\(id)").body.contains("Swift &lt;script&gt;alert(1)&lt;/script&gt;"))
  }

  @Test func everyAnswerCarriesAStrictPolicyAndPagesHaveNoInlineScript() throws {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift"]])
    let id = try #require(try app.firstCardID())
    for path in ["/", "/b/\(id)", "/add", "/static/app.js", "/static/app.css", "/b/nothing"] {
      let reply = try app.get(path)
      let policy = reply.headers["content-security-policy"] ?? ""
      #expect(policy.contains("script-src 'self'"), "\(path)")
      #expect(policy.contains("default-src 'none'"), "\(path)")
      #expect(!policy.contains("unsafe-inline"), "\(path)")
      #expect(reply.headers["x-content-type-options"] == "nosniff", "\(path)")
      let scripts = reply.body.components(separatedBy: "<script").dropFirst()
      #expect(scripts.allSatisfy { $0.hasPrefix(" src=\"/static/") }, "\(path)")
    }
  }

  @Test func aJavascriptURLIsShownAsTextNeverAsALink() throws {
    let app = try ServedApp(adds: [
      ["javascript:alert(document.cookie)", "--allow-script", "--title", "Trap"]
    ])
    let id = try #require(try app.firstCardID())
    let page = try app.get("/b/\(id)").body
    #expect(page.contains("javascript:alert(document.cookie)"))
    #expect(!page.contains("href=\"javascript:"))
    let list = try app.get("/fragment/list").body
    #expect(!list.contains("href=\"javascript:"))
  }
}

extension ServedApp {
  /// The id of the first card of the list.
  func firstCardID() throws -> String? {
    let list = try get("/fragment/list").body
    guard let range = list.range(of: "data-id=\"") else { return nil }
    return String(list[range.upperBound...].prefix { $0 != "\"" })
  }

  /// The ids of the cards of a list, in order.
  func cardIDs(_ path: String = "/fragment/list") throws -> [String] {
    try get(path).body.components(separatedBy: "data-test=\"card\" data-id=\"").dropFirst()
      .map { String($0.prefix { $0 != "\"" }) }
  }
}
