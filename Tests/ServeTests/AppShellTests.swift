// The installable app over plain HTTP: the manifest and the service worker as a browser must
// be given them (types, scope, the policy that lets them load), every page linking them, and
// `/share` turning what a phone's share sheet sends into the add form; a POST there is refused.
import Foundation
import HolderTestSupport
import Testing

@Suite struct AppShellTests {
  @Test func theManifestNamesTheAppItsIconsAndItsShareTarget() throws {
    let app = try ServedApp()
    let reply = try app.get("/manifest.webmanifest")
    #expect(reply.status == 200)
    #expect(reply.headers["content-type"] == "application/manifest+json")
    let manifest = try #require(
      try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any])
    #expect(manifest["name"] as? String == "holder-git")
    #expect(manifest["short_name"] as? String == "holder-git")
    #expect(manifest["start_url"] as? String == "/")
    #expect(manifest["scope"] as? String == "/")
    #expect(manifest["display"] as? String == "standalone")
    #expect(manifest["theme_color"] is String)
    #expect(manifest["background_color"] is String)
    let icons = try #require(manifest["icons"] as? [[String: String]])
    let sizes = Set(icons.filter { $0["type"] == "image/png" }.compactMap { $0["sizes"] })
    #expect(sizes.isSuperset(of: ["192x192", "512x512"]))
    #expect(icons.contains { $0["purpose"] == "maskable" })
    for icon in icons {
      let answer = try app.get(icon["src"] ?? "")
      #expect(answer.status == 200, "\(icon)")
      #expect(answer.headers["content-type"] == icon["type"], "\(icon)")
    }
    let share = try #require(manifest["share_target"] as? [String: Any])
    #expect(share["action"] as? String == "/share")
    #expect(share["method"] as? String == "GET")
    #expect(
      share["params"] as? [String: String] == ["title": "title", "text": "text", "url": "url"])
  }

  @Test func theServiceWorkerIsScriptForTheWholeAppAndThePolicyLetsItAndTheManifestLoad()
    throws
  {
    let app = try ServedApp()
    let worker = try app.get("/sw.js")
    #expect(worker.status == 200)
    #expect(worker.headers["content-type"]?.hasPrefix("text/javascript") == true)
    #expect(worker.headers["service-worker-allowed"] == "/")
    // Checked again at each start: a new version of the app is used at once.
    #expect(worker.headers["cache-control"] == "no-cache")
    for path in ["/", "/add", "/tags", "/sync", "/import", "/no-such-page"] {
      let page = try app.get(path)
      #expect(
        page.body.contains("rel=\"manifest\" href=\"/manifest.webmanifest\""), "\(path)")
      #expect(page.body.contains("rel=\"icon\""), "\(path)")
      let policy = page.headers["content-security-policy"] ?? ""
      #expect(policy.contains("manifest-src 'self'"), "\(path)")
      #expect(policy.contains("worker-src 'self'"), "\(path)")
    }
    let favicon = try app.get("/favicon.ico")
    #expect(favicon.status == 200)
    #expect(favicon.headers["content-type"] == "image/png")
  }

  @Test func theOfflinePageCarriesNoSecret() throws {
    let app = try ServedApp()
    let page = try app.get("/offline")
    #expect(page.status == 200)
    #expect(page.body.contains("cannot reach its server"))
    #expect(!page.body.contains(try app.secret()))
    #expect(!page.body.contains("holder-secret"))
  }

  @Test func aShareOpensTheAddFormOnTheAddressWhereverItCame() throws {
    let app = try ServedApp()
    // What the form opens with: the address, the title, the words the sender wrote (in the
    // note). The app does not fetch here (tests run with HOLDER_GIT_OFFLINE=1).
    let cases: [(query: String, url: String, title: String?, note: String?)] = [
      // Chrome on Android: the page's address and title.
      (
        "url=https%3A%2F%2Fswift.org%2Fblog&title=Swift%20Blog&text=", "https://swift.org/blog",
        "Swift Blog", nil
      ),
      // Most apps: the address inside the text, words and punctuation around it.
      (
        "title=&text=Look%20at%20this%3A%20https%3A%2F%2Fgo.dev%2Fdoc%2F.", "https://go.dev/doc/",
        nil, "Look at this"
      ),
      (
        "text=see%20https%3A%2F%2Fen.wikipedia.org%2Fwiki%2FGit_(software)%2C%20nice",
        "https://en.wikipedia.org/wiki/Git_(software)", nil, "see nice"
      ),
      (
        "text=(https%3A%2F%2Fgo.dev%2F)", "https://go.dev/", nil, nil
      ),
      ("text=%E2%80%9CHTTPS%3A%2F%2Fexample.org%2Fa%E2%80%9D", "HTTPS://example.org/a", nil, nil),
      // A title and the address on lines of their own; the address given twice.
      (
        "title=Pro%20Git&text=Pro%20Git%20-%20%0Ahttps%3A%2F%2Fgit-scm.com%2Fbook"
          + "&url=https%3A%2F%2Fgit-scm.com%2Fbook", "https://git-scm.com/book", "Pro Git", nil
      ),
      // The address without its scheme, alone.
      ("text=example.com%2Fpage", "example.com/page", nil, nil),
    ]
    for (query, url, title, note) in cases {
      let reply = try app.get("/share?" + query)
      #expect(reply.status == 303, "\(query)")
      let location = reply.headers["location"] ?? ""
      let fields = URLComponents(string: location)?.queryItems ?? []
      #expect(location.hasPrefix("/add?"), "\(query)")
      #expect(fields.first { $0.name == "url" }?.value == url, "\(query): \(location)")
      #expect(fields.first { $0.name == "title" }?.value == title, "\(query): \(location)")
      #expect(fields.first { $0.name == "note" }?.value == note, "\(query): \(location)")
    }
    #expect(try app.binary.run(["list"], in: app.store).stdout.isEmpty)
  }

  @Test func aShareWithoutAnAddressSaysSoAndKeepsWhatWasShared() throws {
    let app = try ServedApp()
    let reply = try app.get("/share?title=Notes&text=remember%20the%20milk")
    #expect(reply.status == 200)
    #expect(reply.body.contains("held no web address"))
    #expect(reply.body.contains("data-test=\"field-note\">remember the milk</textarea>"))
  }

  @Test func aPostToTheShareTargetIsRefused() throws {
    let app = try ServedApp()
    // As a page of another site would send it, and as the app's own origin would without
    // the secret: the share target only reads, and a save needs the form's secret.
    let foreign = try app.post(
      "/share", ["url": "https://swift.org", "title": "Swift"],
      headers: ["Origin": "http://evil.example"])
    #expect(foreign.status == 403)
    let noSecret = try app.post("/share", ["url": "https://swift.org", "title": "Swift"])
    #expect(noSecret.status == 403)
    #expect(noSecret.body.contains("secret"))
    #expect(try app.binary.run(["list"], in: app.store).stdout.isEmpty)
  }
}
