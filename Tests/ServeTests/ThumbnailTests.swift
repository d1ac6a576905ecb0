// Thumbnails: the page image `add` fetched, served by the app from its
// cache under .holder/local/ (fetched once from a site on 127.0.0.1, never committed, still
// there offline), a placeholder when there is none or it is not a raster image, never an image
// on this machine that a remote named, and the cards in a real headless Chromium showing them
// under the app's Content-Security-Policy.
import Foundation
import HolderTestSupport
import Testing

/// A site on 127.0.0.1 with a page whose image is a PNG, one whose image is gone, and one
/// whose "image" is an SVG with a script.
final class ImageSite: Sendable {
  static let png = [UInt8](
    Data(
      base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
    ) ?? Data())
  let server: TestHTTPServer

  init() throws {
    server = try TestHTTPServer { request in
      func page(_ title: String, image: String) -> TestHTTPServer.Response {
        .send(
          status: 200, headers: ["Content-Type": "text/html; charset=utf-8"],
          body: Array(
            """
            <!doctype html><html><head><title>\(title)</title>
            <meta property="og:image" content="\(image)"></head><body>\(title)</body></html>
            """.utf8))
      }
      switch request.target {
      case "/with-image": return page("With image", image: "/pic.png")
      case "/image-gone": return page("Image gone", image: "/gone.png")
      case "/svg-image": return page("SVG image", image: "/evil.svg")
      case "/pic.png":
        return .send(status: 200, headers: ["Content-Type": "image/png"], body: Self.png)
      case "/evil.svg":
        return .send(
          status: 200, headers: ["Content-Type": "image/svg+xml"],
          body: Array(
            #"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.utf8))
      default:
        return .send(status: 404, headers: ["Content-Type": "text/plain"], body: [])
      }
    }
  }

  func asked(_ path: String) -> Int { server.received.filter { $0.target == path }.count }

  /// Serves a store holding the three pages (fetched) and one bookmark added offline.
  func servedApp() throws -> ServedApp {
    let online = ["HOLDER_GIT_OFFLINE": "0"]
    return try ServedApp(
      adds: [
        [server.baseURL + "/with-image", "--tag", "pics"],
        [server.baseURL + "/image-gone", "--tag", "pics"],
        [server.baseURL + "/svg-image", "--tag", "pics"],
        ["https://swift.org", "--title", "Swift", "--tag", "pics", "--no-fetch"],
      ], env: online)
  }
}

extension ServedApp {
  /// The id of the card titled `title` in a list.
  func cardID(titled title: String, in path: String = "/fragment/list") throws -> String {
    let list = try get(path).body
    for card in list.components(separatedBy: "data-test=\"card\" data-id=\"").dropFirst()
    where card.components(separatedBy: "</li>").first?.contains(">\(title)<") == true {
      return String(card.prefix { $0 != "\"" })
    }
    throw ServeTestFailure("no card titled \(title)")
  }
}

@Suite struct ThumbnailTests {
  @Test func servesThePageImageFromItsCacheAndAPlaceholderWhenThereIsNone() throws {
    let site = try ImageSite()
    defer { site.server.stop() }
    let app = try site.servedApp()
    let list = try app.get("/fragment/list?tag=pics").body
    let withImage = try app.cardID(titled: "With image")
    let gone = try app.cardID(titled: "Image gone")
    let svg = try app.cardID(titled: "SVG image")
    let swift = try app.cardID(titled: "Swift")
    #expect(list.contains("src=\"/thumb/\(withImage)\""))
    // No image known: the card draws its placeholder, and asks for nothing.
    #expect(!list.contains("/thumb/\(swift)"))

    let image = try app.get("/thumb/\(withImage)")
    #expect(image.status == 200)
    #expect(image.headers["content-type"] == "image/png")
    #expect(image.headers["content-length"] == String(ImageSite.png.count))
    #expect(try app.get("/thumb/\(withImage)").headers["content-type"] == "image/png")
    #expect(site.asked("/pic.png") == 1)
    // Cached under .holder/local/, which git never sees.
    let folder = app.store + "/.holder/local/thumbnails"
    let files = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(files.count == 1 && files[0].hasPrefix(withImage))
    #expect(
      FileManager.default.contents(atPath: folder + "/" + files[0]).map(Array.init)
        == ImageSite.png)
    #expect(try app.binary.git.runGit(["status", "--porcelain"], in: app.store).isEmpty)

    // An image that is gone, and an SVG (it could run script): the placeholder instead.
    for id in [gone, svg] {
      let placeholder = try app.get("/thumb/\(id)")
      #expect(placeholder.status == 200)
      #expect(placeholder.headers["content-type"] == "image/svg+xml")
      // The first letter of the host, 127.0.0.1.
      #expect(placeholder.body.contains(">1</text>"))
      #expect(!placeholder.body.contains("script"))
    }
    #expect(try app.get("/thumb/\(gone)").status == 200)
    #expect(site.asked("/gone.png") == 1)
    #expect(try app.get("/thumb/00000000-0000-4000-8000-000000000000").status == 404)

    // Offline, after a restart, with the site gone: the cached image is still served.
    #expect(app.interrupt() == 0)
    site.server.stop()
    let again = try ServedApp(binary: app.binary, store: app.store)
    let cached = try again.get("/thumb/\(withImage)")
    #expect(cached.headers["content-type"] == "image/png")
    #expect(try again.get("/thumb/\(gone)").headers["content-type"] == "image/svg+xml")
  }
}

@Suite struct ThumbnailAddressTests {
  @Test func anImageOnThisMachineThatARemotePushedIsNeverFetched() throws {
    let site = try ImageSite()
    defer { site.server.stop() }
    let binary = try HolderBinary()
    // Another machine saves the page, whose image is on its 127.0.0.1, and pushes: anyone who
    // can push can write such an address, or one of this machine's own services.
    let remote = try binary.git.initRepository("remote.git", bare: true)
    let other = binary.git.path("other")
    #expect(try binary.run(["init", other]).status == 0)
    let added = try binary.run(
      ["add", site.server.baseURL + "/with-image"], in: other, env: ["HOLDER_GIT_OFFLINE": "0"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try binary.run(["remote", "add", "origin", remote], in: other).status == 0)
    #expect(try binary.run(["sync"], in: other).status == 0)
    let store = binary.git.path("bookmarks")
    #expect(try binary.run(["clone", remote, store]).status == 0)
    let shown = try binary.run(["show", site.server.baseURL + "/with-image"], in: store).stdout
    #expect(shown.contains(site.server.baseURL + "/pic.png"))

    // This machine's app fetches thumbnails, but not from this machine.
    let app = try ServedApp(
      binary: binary, store: store,
      env: ["HOLDER_GIT_OFFLINE": "0", "HOLDER_GIT_FETCH_LOOPBACK": "0"])
    let id = try app.cardID(titled: "With image")
    let thumbnail = try app.get("/thumb/\(id)")
    #expect(thumbnail.status == 200)
    #expect(thumbnail.headers["content-type"] == "image/svg+xml")
    #expect(site.asked("/pic.png") == 0)
    #expect(!FileManager.default.fileExists(atPath: store + "/.holder/local/thumbnails"))
  }
}

@Suite(
  .serialized,
  .enabled(
    if: Browser.isInstalled,
    "needs Debian's chromium and chromium-driver: run scripts/setup --test"))
struct BrowserThumbnailTests {
  @Test func theCardsOfATagShowTheirThumbnails() async throws {
    let site = try ImageSite()
    defer { site.server.stop() }
    let app = try site.servedApp()
    let withImage = try app.cardID(titled: "With image")
    let gone = try app.cardID(titled: "Image gone")
    try await Browser.withSession { browser in
      try await browser.navigate(to: app.origin)
      try await browser.find("[data-test=tag-link][data-tag=pics]").click()
      try await browser.wait("the tag's cards") {
        try await browser.find("[data-test=summary]").text() == "4 bookmarks tagged pics"
      }
      func width(_ id: String) async throws -> Int? {
        try await browser.execute(
          "const img = document.querySelector('[data-id=\"\(id)\"] .thumb img');"
            + " return img && img.complete ? img.naturalWidth : -1;"
        ).number.map { Int($0) }
      }
      try await browser.wait("the thumbnails loaded") {
        let image = try await width(withImage)
        let placeholder = try await width(gone)
        return image == 1 && placeholder == 112
      }
      #expect(try await browser.findAll("[data-test=card] .thumb .placeholder").count == 1)
      #expect(try await browser.execute("return window.__pwned === undefined").bool == true)
      try await ScreenshotFolder.keep(browser, "thumbnails")
    }
  }
}
