// The web app in a real headless Chromium doing what a person chose and what the page says:
// typing a search within the tag or the favourites on show keeps that filter; "Import it" shows
// only once the file is checked; a link saved with the form is fetched first, as `add` fetches
// it, so it has its page's title and image at once.
import Foundation
import HolderTestSupport
import Testing

@Suite(
  .serialized,
  .enabled(
    if: Browser.isInstalled,
    "needs Debian's chromium and chromium-driver: run scripts/setup --test"))
struct BrowserKeepsChoicesTests {
  @Test func typingASearchKeepsTheTagOrFavouritesOnShow() async throws {
    let app = try ServedApp(adds: [
      ["https://swift.org", "--title", "Swift", "--tag", "lang"],
      ["https://go.dev", "--title", "Go", "--tag", "lang"],
      ["https://forums.swift.org", "--title", "Swift Forums", "--tag", "community"],
      ["https://swift.org/blog", "--title", "Swift Blog", "--favorite"],
    ])
    try await Browser.withSession { browser in
      func titles() async throws -> [String] {
        var found: [String] = []
        for card in try await browser.findAll("[data-test=card-title]") {
          found.append(try await card.text())
        }
        return found
      }
      try await browser.navigate(to: app.origin)
      try await browser.find("[data-test=tag-link][data-tag=lang]").click()
      try await browser.wait("the tag's cards") {
        try await browser.find("[data-test=summary]").text() == "2 bookmarks tagged lang"
      }
      try await browser.find("#q").type("swift")
      try await browser.wait("what the search finds within the tag") {
        try await browser.find("[data-test=summary]").text()
          == "1 bookmark tagged lang matches ‘swift’"
      }
      #expect(try await titles() == ["Swift"])
      #expect(try await browser.currentURL().hasSuffix("/?q=swift&tag=lang"))
      // Enter sends the form, a new page: the tag stays too.
      _ = try await browser.execute("window.beforeEnter = true; return true;")
      try await browser.find("#q").type(Key.enter)
      try await browser.wait(
        forScript: "window.beforeEnter === undefined && document.readyState === 'complete'")
      #expect(try await browser.currentURL().hasSuffix("/?q=swift&tag=lang"))
      #expect(
        try await browser.find("[data-test=summary]").text()
          == "1 bookmark tagged lang matches ‘swift’")
      #expect(try await titles() == ["Swift"])

      try await browser.navigate(to: app.origin)
      try await browser.find("[data-test=favourites]").click()
      try await browser.wait("the favourites") {
        try await browser.find("[data-test=summary]").text() == "1 bookmark marked favourite"
      }
      try await browser.find("#q").type("swift")
      try await browser.wait("what the search finds among the favourites") {
        try await browser.find("[data-test=summary]").text() == "1 favourite matches ‘swift’"
      }
      #expect(try await titles() == ["Swift Blog"])
    }
  }

  @Test func importItShowsOnlyOnceTheFileIsChecked() async throws {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift"]])
    let file = app.binary.git.path("bookmarks.html")
    try """
    <!DOCTYPE NETSCAPE-Bookmark-file-1>
    <DL><p>
      <DT><H3>dev</H3>
      <DL><p>
        <DT><A HREF="https://swift.org">Swift</A>
        <DT><A HREF="https://go.dev">Go</A>
      </DL><p>
    </DL><p>
    """.write(toFile: file, atomically: true, encoding: .utf8)
    try await Browser.withSession { browser in
      try await browser.navigate(to: app.origin + "import")
      let commit = try await browser.find("[data-test=import-commit]")
      #expect(try await !commit.isDisplayed())
      try await browser.find("[data-test=import-file]").type(file)
      // Chosen is not checked.
      #expect(try await !commit.isDisplayed())
      try await browser.find("[data-test=import-check]").click()
      try await browser.wait("the check's report") {
        try await browser.find("[data-test=import-report]").text().contains("Would add 1")
      }
      #expect(try await commit.isDisplayed())
      #expect(try app.binary.run(["list"], in: app.store).stdout.contains("Go") == false)
      try await commit.click()
      try await browser.wait("the import's report") {
        try await browser.find("[data-test=import-report]").text().contains("Added 1")
      }
      #expect(try await !commit.isDisplayed())
      #expect(try app.binary.run(["list", "--tag", "dev"], in: app.store).stdout.contains("Go"))
    }
  }

  @Test func aLinkSavedWithTheFormHasItsPagesTitleAndImageAtOnce() async throws {
    let site = try ImageSite()
    defer { site.server.stop() }
    let app = try ServedApp(env: ["HOLDER_GIT_OFFLINE": "0"])
    let page = site.server.baseURL + "/with-image"
    try await Browser.withSession { browser in
      try await browser.navigate(to: app.origin + "add")
      try await browser.find("[data-test=field-url]").type(page)
      try await browser.find("[data-test=field-tags]").type("pics")
      try await browser.find("[data-test=save]").click()
      try await browser.wait("the saved bookmark's page") {
        try await browser.findAll("[data-test=bookmark-title]").first?.text() == "With image"
      }
      let thumb = try await browser.waitFor("[data-test=bookmark-thumb]")
      try await browser.wait("its image loaded") {
        try await browser.execute(
          "const img = document.querySelector('[data-test=bookmark-thumb]');"
            + " return img.complete ? img.naturalWidth : -1;"
        ).number == 1
      }
      #expect(try await thumb.isDisplayed())
    }
    let shown = try app.binary.run(["show", page, "--json"], in: app.store).stdout
    #expect(
      shown.contains(
        "\"image\": \"\(page.replacingOccurrences(of: "/with-image", with: "/pic.png"))\""))
    #expect(shown.contains("\"fetched\": "))
    #expect(site.asked("/with-image") == 1)
  }
}
