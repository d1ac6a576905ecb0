// The installable app in a real headless Chromium, as a phone would use it: the manifest as
// Chromium reads it for installing (and every icon an image of the size it says), the service
// worker installed and answering with the offline page once the server is gone (never with a
// kept bookmark page), a share landing in the add form with the address and the page's title,
// "already saved" in view before saving, and the add form at a phone's width.
import Foundation
import HolderTestSupport
import Testing

@Suite(
  .serialized,
  .enabled(
    if: Browser.isInstalled,
    "needs Debian's chromium and chromium-driver: run scripts/setup --test"))
struct BrowserInstallableAppTests {
  @Test func chromiumReadsTheManifestWithoutErrorAndEveryIconIsAnImageOfItsSize() async throws {
    let app = try ServedApp()
    try await Browser.withSession { browser in
      try await browser.navigate(to: app.origin)
      let read = try await browser.cdp("Page.getAppManifest")
      #expect(read["url"].string == app.origin + "manifest.webmanifest")
      #expect(read["errors"].array?.isEmpty == true, "\(read["errors"])")
      // Each icon as the page fetches it: a PNG's width and height are in its header.
      let icons =
        try await browser.execute(
          """
          return (async () => {
          const manifest = await (await fetch("/manifest.webmanifest")).json();
          const found = [];
          for (const icon of manifest.icons) {
            const answer = await fetch(icon.src);
            const bytes = new Uint8Array(await answer.arrayBuffer());
            const view = new DataView(bytes.buffer);
            const png = bytes[0] === 0x89 && String.fromCharCode(...bytes.slice(1, 4)) === "PNG";
            const image = new Image();
            image.src = icon.src;
            await image.decode();
            found.push({
              src: icon.src, sizes: icon.sizes, type: icon.type,
              served: answer.headers.get("content-type"),
              header: png ? view.getUint32(16) + "x" + view.getUint32(20) : "",
              drawn: image.naturalWidth > 0,
            });
          }
          return found;
          })();
          """
        ).array ?? []
      #expect(icons.count >= 4)
      for icon in icons {
        #expect(icon["served"] == icon["type"], "\(icon)")
        #expect(icon["drawn"].bool == true, "\(icon)")
        if icon["type"].string == "image/png" {
          #expect(icon["header"] == icon["sizes"], "\(icon)")
        }
      }
    }
  }

  @Test func theServiceWorkerKeepsTheShellAndShowsTheOfflinePageNeverAKeptBookmark()
    async throws
  {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift"]])
    try await Browser.withSession { browser in
      try await browser.navigate(to: app.origin)
      let ready = try await browser.execute(
        """
        return navigator.serviceWorker.ready.then(
          (registration) => [registration.scope, registration.active.scriptURL]);
        """
      ).array?.compactMap(\.string)
      #expect(ready == [app.origin, app.origin + "sw.js"])
      try await browser.wait(
        forScript: "navigator.serviceWorker.controller"
          + " && navigator.serviceWorker.controller.state === 'activated'")
      // Now installable: Chromium finds nothing missing.
      let installability = try await browser.cdp("Page.getInstallabilityErrors")
      #expect(
        installability["installabilityErrors"].array?.isEmpty == true, "\(installability)")
      let bookmark = try #require(
        try await browser.find("[data-test=card-title]").attribute("href"))
      try await browser.navigate(to: app.origin + String(bookmark.drop { $0 == "/" }))
      try await browser.waitFor("[data-test=bookmark-title]")
      let kept = Set(
        try await browser.execute(
          """
          return (async () => {
            const paths = [];
            for (const name of await caches.keys()) {
              const cache = await caches.open(name);
              for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
            }
            return paths;
          })();
          """
        ).array?.compactMap(\.string) ?? [])
      #expect(kept.isSuperset(of: ["/static/app.css", "/static/app.js", "/offline"]), "\(kept)")
      #expect(kept.contains("/static/icons/icon-192.png"), "\(kept)")
      #expect(!kept.contains("/") && !kept.contains { $0.hasPrefix("/b/") }, "\(kept)")

      // The server stops: the app still opens, and says so, in the app's own style.
      #expect(app.interrupt() == 0)
      for path in ["", String(bookmark.drop { $0 == "/" }), "add"] {
        try await browser.navigate(to: app.origin + path)
        let offline = try await browser.waitFor("[data-test=offline]")
        #expect(try await offline.text().contains("cannot reach its server"), "\(path)")
        #expect(try await browser.findAll("[data-test=bookmark-title]").isEmpty, "\(path)")
      }
      let styled = try await browser.execute(
        "return getComputedStyle(document.body).margin;"
      ).string
      #expect(styled == "0px")
      try await ScreenshotFolder.keep(browser, "offline")
    }
  }

  @Test func aSharedTextLandsInTheAddFormWithTheAddressAndThePagesTitleThenSaysAlreadySaved()
    async throws
  {
    let site = try TestHTTPServer { _ in
      .send(
        status: 200, headers: ["Content-Type": "text/html; charset=utf-8"],
        body: Array(
          """
          <!doctype html><html lang=en><head><meta charset=utf-8>
          <title>Shared from a phone · 서울</title></head><body><p>Hello</p></body></html>
          """.utf8))
    }
    defer { site.stop() }
    let page = site.baseURL + "/page"
    let app = try ServedApp(env: ["HOLDER_GIT_OFFLINE": "0"])
    try await Browser.withSession { browser in
      try await browser.emulatePhone(width: 390, height: 844)
      // As Android's share sheet opens the installed app: the address inside the text.
      try await browser.navigate(to: app.origin + "share?text=Look%20" + page + "&title=")
      try await browser.wait("the add form with the shared address") {
        try await browser.find("[data-test=field-url]").property("value").string == page
      }
      #expect(
        try await browser.find("[data-test=field-title]").property("value").string
          == "Shared from a phone · 서울")
      #expect(try await browser.find("[data-test=field-note]").property("value").string == "Look")
      #expect(try await browser.findAll("[data-test=already-saved]").isEmpty)
      try await ScreenshotFolder.keep(browser, "share-new")
      try await browser.find("[data-test=field-tags]").type("phone")
      try await browser.find("[data-test=save]").click()
      try await browser.wait("the saved bookmark's page") {
        try await browser.find("[data-test=bookmark-title]").text() == "Shared from a phone · 서울"
      }

      // The same link shared again: "already saved", in view before anything is saved.
      try await browser.navigate(to: app.origin + "share?url=" + ServedApp.encode(page))
      let notice = try await browser.waitFor("[data-test=already-saved]")
      #expect(try await notice.text().contains("Already saved"))
      #expect(try await isInView(browser, "[data-test=already-saved]"))
      #expect(try await browser.find("[data-test=save]").text() == "Update")
      try await ScreenshotFolder.keep(browser, "share-already-saved")
    }
    let listed = try app.binary.run(["list"], in: app.store).stdout
    #expect(listed.components(separatedBy: "\n").filter { $0.contains("Shared from") }.count == 1)
  }

  @Test func theAddFormFitsAPhoneWithItsNotesInViewAndAPhonesKeyboard() async throws {
    let long = "https://example.org/" + String(repeating: "a-very-long-path-segment/", count: 8)
    let app = try ServedApp(adds: [
      ["https://swift.org/blog", "--title", "Swift blog"],
      [long, "--title", String(repeating: "Unbroken", count: 12)],
    ])
    try await Browser.withSession { browser in
      try await browser.emulatePhone(width: 390, height: 844)
      for (url, note) in [
        ("https://swift.org/blog", "[data-test=already-saved]"),
        (String(long.dropLast()), "[data-test=near-duplicates]"),
      ] {
        try await browser.navigate(to: app.origin + "add?url=" + ServedApp.encode(url))
        try await browser.waitFor(note)
        let widths = try await browser.execute(
          "return [document.documentElement.scrollWidth, window.innerWidth];"
        ).array?.compactMap(\.number)
        #expect(widths == [390, 390], "\(url)")
        #expect(try await isInView(browser, note), "\(url)")
        #expect(try await isInView(browser, "[data-test=field-url]"), "\(url)")
      }
      let field = try await browser.find("[data-test=field-url]")
      #expect(try await field.attribute("type") == "url")
      #expect(try await field.attribute("inputmode") == "url")
      #expect(try await field.attribute("autocapitalize") == "off")
      // Save is reached and works at this width; the form takes an address without its
      // scheme, as the CLI does (the browser's own check for type=url is off).
      try await browser.navigate(to: app.origin + "add")
      try await browser.find("[data-test=field-url]").type("go.dev")
      try await browser.find("[data-test=field-title]").type("Go")
      let save = try await browser.find("[data-test=save]")
      try await browser.execute("arguments[0].scrollIntoView();", [save.reference])
      #expect(try await isInView(browser, "[data-test=save]"))
      try await save.click()
      try await browser.wait("the saved bookmark's page") {
        try await browser.find("[data-test=bookmark-title]").text() == "Go"
      }
      try await ScreenshotFolder.keep(browser, "add-phone")
    }
  }

  /// Whether the whole of the element is inside the viewport.
  private func isInView(_ browser: Browser, _ css: String) async throws -> Bool {
    try await browser.execute(
      """
      const box = document.querySelector(arguments[0]).getBoundingClientRect();
      return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight
        && box.right <= innerWidth;
      """, [.string(css)]
    ).bool == true
  }
}
