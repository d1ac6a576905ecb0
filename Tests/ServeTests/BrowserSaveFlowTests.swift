// The web app's saving flows in a real headless Chromium: the bookmarklet clicked on a page of
// another local site (and clicked again: already saved), an update that keeps the saved title, an
// edit, a restore from the history, and delete then undo.
import Foundation
import HolderTestSupport
import Testing

@Suite(
  .serialized,
  .enabled(
    if: Browser.isInstalled,
    "needs Debian's chromium and chromium-driver: run scripts/setup --test"))
struct BrowserSaveFlowTests {
  @Test func theBookmarkletSavesThePageItIsClickedOnAndASecondClickSaysAlreadySaved()
    async throws
  {
    let app = try ServedApp()
    try await Browser.withSession { browser in
      try await browser.navigate(to: app.origin)
      let bookmarklet = try #require(
        try await browser.find("[data-test=bookmarklet]").attribute("href"))
      #expect(bookmarklet.hasPrefix("javascript:"))
      // The bookmarks bar is out of WebDriver's reach; a link on the page runs the same code.
      let site = try TestHTTPServer { _ in
        .send(
          status: 200, headers: ["Content-Type": "text/html; charset=utf-8"],
          body: Array(
            """
            <!doctype html><html lang=en><head><meta charset=utf-8>
            <title>A page to keep · 서울</title></head>
            <body><a id=bar href="\(bookmarklet.replacingOccurrences(of: "\"", with: "&quot;"))">Save</a></body></html>
            """.utf8))
      }
      defer { site.stop() }
      let page = site.baseURL + "/article?id=7"
      try await browser.navigate(to: page)
      let first = try await browser.currentWindow()
      try await browser.find("#bar").click()
      try await browser.switchToNewWindow(besides: [first])
      try await browser.wait("the add form with the page's address and title") {
        try await browser.find("[data-test=field-url]").property("value").string == page
      }
      #expect(
        try await browser.find("[data-test=field-title]").property("value").string
          == "A page to keep · 서울")
      #expect(try await browser.findAll("[data-test=already-saved]").isEmpty)
      try await browser.find("[data-test=field-tags]").type("reading")
      try await browser.find("[data-test=save]").click()
      try await browser.wait("the saved bookmark's page") {
        try await browser.find("[data-test=bookmark-title]").text() == "A page to keep · 서울"
      }
      try await ScreenshotFolder.keep(browser, "bookmarklet-saved")
      let listed = try app.binary.run(["list", "--tag", "reading"], in: app.store)
      #expect(listed.stdout.contains("A page to keep"))

      // A second click on the same page: the form says it is saved and offers it.
      try await browser.closeWindow()
      try await browser.switchToWindow(first)
      try await browser.find("#bar").click()
      try await browser.switchToNewWindow(besides: [first])
      let saved = try await browser.waitFor("[data-test=already-saved]")
      #expect(try await saved.text().contains("Already saved"))
      #expect(try await browser.find("[data-test=save]").text() == "Update")
      try await ScreenshotFolder.keep(browser, "bookmarklet-already-saved")
      try await browser.find("[data-test=field-tags]").type("later")
      try await browser.find("[data-test=save]").click()
      try await browser.wait("the bookmark with both tags") {
        let tags = try await browser.find("[data-test=bookmark-tags]").text()
        return tags == "later reading" || tags == "reading later"
      }
      // The link to the saved bookmark leads to it.
      try await browser.navigate(to: app.origin + "add?url=" + ServedApp.encode(page))
      try await browser.find("[data-test=already-saved-link]").click()
      try await browser.wait("the saved bookmark's page") {
        try await browser.find("[data-test=bookmark-title]").text() == "A page to keep · 서울"
      }
      #expect(
        try app.binary.run(["list"], in: app.store).stdout.components(separatedBy: "\n")
          .filter { $0.contains("A page to keep") }.count == 1)
    }
  }

  @Test func updatingASavedBookmarkAddsTagsAndNoteAndKeepsTheTitleTypedForIt() async throws {
    let app = try ServedApp(adds: [
      ["https://swift.org/blog", "--title", "Swift news to read", "--tag", "reading"]
    ])
    try await Browser.withSession { browser in
      // As the bookmarklet opens it on the saved page: its address and the page's own title.
      try await browser.navigate(
        to: app.origin + "add?url=" + ServedApp.encode("https://swift.org/blog") + "&title="
          + ServedApp.encode("Blog | Swift.org"))
      let saved = try await browser.waitFor("[data-test=already-saved]")
      #expect(try await saved.text().contains("the tags and note below are added to it"))
      try await browser.find("[data-test=field-tags]").type("later")
      try await browser.find("[data-test=field-note]").type("For the weekend.")
      try await browser.find("[data-test=save]").click()
      try await browser.wait("the updated bookmark's page") {
        try await browser.find("[data-test=bookmark-tags]").text() == "later reading"
      }
      #expect(try await browser.find("[data-test=bookmark-title]").text() == "Swift news to read")
      #expect(try await browser.find("[data-test=bookmark-note]").text() == "For the weekend.")
    }
    let shown = try app.binary.run(["show", "https://swift.org/blog"], in: app.store).stdout
    #expect(shown.contains("Swift news to read"))
    #expect(!shown.contains("Blog | Swift.org"))
  }

  @Test func editsABookmarkThenRestoresTheEarlierVersionFromItsHistory() async throws {
    let app = try ServedApp(adds: [
      ["https://swift.org", "--title", "Swift", "--tag", "lang"]
    ])
    try await Browser.withSession { browser in
      try await browser.navigate(to: app.origin)
      try await browser.find("[data-test=card-title]").click()
      try await browser.waitFor("[data-test=edit]").click()
      let title = try await browser.waitFor("[data-test=field-title]")
      try await title.clear()
      try await title.type("Swift, the language")
      let tags = try await browser.find("[data-test=field-tags]")
      try await tags.clear()
      try await tags.type("lang/swift, docs")
      try await browser.find("[data-test=field-note]").type("The home page.")
      try await browser.find("[data-test=save]").click()
      try await browser.wait("the edited bookmark") {
        try await browser.find("[data-test=bookmark-title]").text() == "Swift, the language"
      }
      #expect(try await browser.find("[data-test=bookmark-tags]").text() == "docs lang/swift")
      #expect(try await browser.find("[data-test=bookmark-note]").text() == "The home page.")
      let shown = try app.binary.run(["show", "https://swift.org"], in: app.store).stdout
      #expect(shown.contains("Swift, the language"))
      #expect(try await browser.findAll("[data-test=history-entry]").count == 2)
      try await ScreenshotFolder.keep(browser, "bookmark-edited")
      // The earlier version, from the history.
      try await browser.find("[data-test=restore]").click()
      try await browser.wait("the restored title") {
        try await browser.find("[data-test=bookmark-title]").text() == "Swift"
      }
      #expect(try await browser.find("[data-test=bookmark-tags]").text() == "lang")
      #expect(try await browser.findAll("[data-test=history-entry]").count == 3)
    }
  }

  @Test func deletesABookmarkAndUndoBringsItBack() async throws {
    let app = try ServedApp(adds: [
      ["https://swift.org", "--title", "Swift", "--tag", "lang"],
      ["https://go.dev", "--title", "Go"],
    ])
    try await Browser.withSession { browser in
      try await browser.navigate(to: app.origin + "?q=swift")
      try await browser.waitFor("[data-test=card-title]").click()
      try await browser.waitFor("[data-test=delete]").click()
      let deleted = try await browser.waitFor("[data-test=deleted]")
      #expect(try await deleted.text().contains("Deleted “Swift”"))
      #expect(!(try app.binary.run(["list"], in: app.store).stdout.contains("Swift")))
      try await ScreenshotFolder.keep(browser, "deleted")
      try await browser.find("[data-test=undo]").click()
      try await browser.wait("the bookmark back") {
        try await browser.find("[data-test=bookmark-title]").text() == "Swift"
      }
      #expect(try await browser.find("[data-test=bookmark-tags]").text() == "lang")
      #expect(try app.binary.run(["list"], in: app.store).stdout.contains("Swift"))
      try await browser.navigate(to: app.origin)
      #expect(try await browser.findAll("[data-test=card]").count == 2)
    }
  }
}
