import Foundation
import HolderTestSupport
import Testing

/// The web app in a real headless Chromium (the harness in HolderTestSupport/WebDriver): what
/// HTTP tests cannot see, the page's script and what runs in the page.
@Suite(
  .serialized,
  .enabled(
    if: Browser.isInstalled,
    "needs Debian's chromium and chromium-driver: run scripts/setup --test"))
struct BrowserFlowTests {
  @Test func searchAsYouTypeFindsKoreanByInitialConsonantsAndAHostileTitleRunsNothing()
    async throws
  {
    let app = try ServedApp(adds: [
      ["https://example.kr/swift", "--title", "스위프트 입문"],
      ["https://swift.org", "--title", "<img src=x onerror=\"window.pwned=1\">Swift"],
    ])
    try await Browser.withSession { browser in
      try await browser.navigate(to: "http://127.0.0.1:\(app.port)/")
      // The hostile title is shown as text, and its handler never ran.
      var titles: [String] = []
      for card in try await browser.findAll("[data-test=card-title]") {
        titles.append(try await card.text())
      }
      #expect(titles.contains("<img src=x onerror=\"window.pwned=1\">Swift"))
      #expect(try await browser.execute("return window.pwned === undefined").bool == true)
      try await browser.find("#q").type("ㅅㅇㅌ")
      try await browser.wait("the list to show one match") {
        try await browser.find("[data-test=summary]").text().hasPrefix("1 bookmark match")
      }
      let match = try await browser.find("[data-test=card-title] mark")
      #expect(try await match.text() == "스위프트")
      #expect(try await browser.currentURL().hasSuffix("/?q=%E3%85%85%E3%85%87%E3%85%8C"))
    }
  }

  @Test func aChangeFromTheCLIAppearsInTheOpenPage() async throws {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift"]])
    try await Browser.withSession { browser in
      try await browser.navigate(to: "http://127.0.0.1:\(app.port)/")
      #expect(try await browser.findAll("[data-test=card]").count == 1)
      try await Self.addFromTheCLIAndSeeTheSecondCard(app, browser)
    }
  }

  @Test func moreVisitsThanTheBrowsersConnectionsToTheAppEachLoadAndAPageBackIsLive()
    async throws
  {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift"]])
    try await Browser.withSession { browser in
      // Chromium keeps a page left in its back-forward cache, and opens at most six
      // connections to the app: a page there that kept its event stream held one each.
      for visit in 0..<9 {
        try await browser.navigate(to: app.origin + ["", "tags", "add"][visit % 3])
        #expect(try await browser.title().hasSuffix("holder-git"))
      }
      try await browser.navigate(to: app.origin + "sync")
      try await browser.back()
      try await browser.waitFor("[data-test=bookmark-form]")
      try await browser.back()
      try await browser.waitFor("[data-test=tag-rows]")
      try await browser.back()
      #expect(try await browser.findAll("[data-test=card]").count == 1)
      try await Self.addFromTheCLIAndSeeTheSecondCard(app, browser)
    }
  }

  /// A CLI `add` in the store of a page showing one card: a second card appears in it.
  private static func addFromTheCLIAndSeeTheSecondCard(_ app: ServedApp, _ browser: Browser)
    async throws
  {
    let added = try app.binary.run(
      ["add", "https://example.org", "--title", "From the CLI"], in: app.store)
    #expect(added.status == 0)
    try await browser.wait("the new card", timeout: .seconds(5)) {
      try await browser.findAll("[data-test=card]").count == 2
    }
  }
}
