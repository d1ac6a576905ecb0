// The login as a person meets it, in a real headless Chromium: the app behind a reverse proxy
// (so every page needs the login; see RemoteAccessTests for why `--public-url` stands for
// "other machines" here) sends the browser to /login, a wrong token is refused, the right one
// lands on the page asked for, and the page's script cannot read the session cookie.
import Foundation
import HolderTestSupport
import Testing

@Suite(
  .serialized,
  .enabled(
    if: Browser.isInstalled,
    "needs Debian's chromium and chromium-driver: run scripts/setup --test"))
struct BrowserLoginTests {
  @Test func aBrowserLogsInWithATokenAndItsScriptCannotReadTheCookie() async throws {
    let (binary, store) = try ServedApp.store()
    let token = try binary.run(["token", "add", "laptop"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let app = try ServedApp(
      binary: binary, store: store, arguments: ["--public-url", "http://bookmarks.test"])
    try await Browser.withSession { browser in
      try await browser.navigate(to: app.origin + "tags")
      let field = try await browser.waitFor("[data-test=login-token]")
      #expect(try await browser.currentURL().contains("/login?next=/tags"))
      try await ScreenshotFolder.keep(browser, "login")
      try await field.type("not the token")
      try await browser.find("[data-test=login-submit]").click()
      try await browser.wait("the refusal") {
        try await !browser.findAll("[data-test=login-error]").isEmpty
      }
      try await browser.find("[data-test=login-token]").type(token)
      try await browser.find("[data-test=login-submit]").click()
      try await browser.wait("the tags page, asked for before the login") {
        try await browser.currentURL().hasSuffix("/tags")
      }
      #expect(try await browser.execute("return document.cookie").string == "")
      try await browser.navigate(to: app.origin)
      try await browser.wait("the bookmarks") {
        try await browser.find("main").text().contains("Swift")
      }
      try await ScreenshotFolder.keep(browser, "logged-in")
      try await browser.find("[data-test=logout]").click()
      try await browser.waitFor("[data-test=login-token]")
      try await browser.navigate(to: app.origin)
      #expect(try await browser.currentURL().contains("/login"))
    }
  }
}
