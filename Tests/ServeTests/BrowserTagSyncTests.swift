// The web app's tags and sync pages in a real headless Chromium: a tag renamed from the tags
// page, and the sync button against a bare remote on this machine where another clone changed
// the same bookmark (the conflict settled, both sides shown, the losing one restored).
import Foundation
import HolderTestSupport
import Testing

@Suite(
  .serialized,
  .enabled(
    if: Browser.isInstalled,
    "needs Debian's chromium and chromium-driver: run scripts/setup --test"))
struct BrowserTagSyncTests {
  @Test func renamesATagFromTheTagsPage() async throws {
    let app = try ServedApp(adds: [
      ["https://swift.org", "--title", "Swift", "--tag", "swift"],
      ["https://go.dev", "--title", "Go", "--tag", "go"],
    ])
    try await Browser.withSession { browser in
      try await browser.navigate(to: app.origin)
      try await browser.find("[data-test=nav-tags]").click()
      let input = try await browser.waitFor(
        "[data-test=tag-row][data-tag=swift] [data-test=rename-input]")
      try await input.clear()
      try await input.type("lang/swift")
      try await browser.find("[data-test=tag-row][data-tag=swift] [data-test=rename]").click()
      let flash = try await browser.waitFor("[data-test=flash]")
      #expect(try await flash.text() == "Renamed swift to lang/swift on 1 bookmark")
      var rows: [String] = []
      for row in try await browser.findAll("[data-test=tag-row]") {
        rows.append(try await row.attribute("data-tag") ?? "")
      }
      #expect(rows == ["go", "lang", "lang/swift"])
      try await ScreenshotFolder.keep(browser, "tag-renamed")
      // The browse page's tag tree follows, and the tag lists its bookmark.
      try await browser.navigate(to: app.origin)
      try await browser.find("[data-test=tag-link][data-tag='lang/swift']").click()
      try await browser.wait("the tag's bookmarks") {
        try await browser.find("[data-test=summary]").text() == "1 bookmark tagged lang/swift"
      }
      let tagged = try app.binary.run(["list", "--tag", "lang/swift"], in: app.store)
      #expect(tagged.stdout.contains("Swift"))
    }
  }

  @Test func syncsFromTheButtonAndShowsTheConflictItSettled() async throws {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift"]])
    let remote = try app.binary.git.initRepository("remote.git", bare: true)
    #expect(try app.binary.run(["remote", "add", "origin", remote], in: app.store).status == 0)
    try await Browser.withSession { browser in
      try await browser.navigate(to: app.origin + "sync")
      try await browser.find("[data-test=sync]").click()
      let first = try await browser.waitFor("[data-test=sync-report]")
      #expect(try await first.text().contains("Sent"))
      #expect(try await browser.find("[data-test=ahead]").text() == "0")
      // A tag added here: the merge unites it with the other's, and restoring the title keeps
      // both.
      let tagged = try app.binary.run(
        ["edit", "https://swift.org", "--add-tag", "from-here"], in: app.store)
      #expect(tagged.status == 0)
      // Another clone changes the title and syncs; this one changes it too, later.
      let other = app.binary.git.path("other")
      #expect(try app.binary.run(["clone", remote, other]).status == 0)
      let edited = try app.binary.run(
        ["edit", "https://swift.org", "--title", "Swift (other)", "--add-tag", "from-other"],
        in: other)
      #expect(edited.status == 0)
      #expect(try app.binary.run(["sync"], in: other).status == 0)
      try await browser.navigate(to: app.origin)
      try await browser.find("[data-test=card-title]").click()
      try await browser.waitFor("[data-test=edit]").click()
      let title = try await browser.waitFor("[data-test=field-title]")
      try await title.clear()
      try await title.type("Swift (here)")
      try await browser.find("[data-test=save]").click()
      _ = try await browser.waitFor("[data-test=bookmark-title]")
      try await browser.find("[data-test=nav-sync]").click()
      try await browser.waitFor("[data-test=sync]").click()
      let report = try await browser.waitFor("[data-test=sync-report]")
      #expect(try await report.text().contains("Merged"))
      let settled = try await browser.find("[data-test=resolutions]").text()
      #expect(settled.contains("Swift (here)"))
      #expect(settled.contains("Swift (other)"))
      // Both sides of the conflict, and the restore of the one that lost.
      let sides = try await browser.find("[data-test=conflict-sides]").text()
      #expect(sides.contains("Title Swift (here) Swift (other)"))
      #expect(!sides.contains("Tags"), "a title conflict shows the title alone: \(sides)")
      try await ScreenshotFolder.keep(browser, "sync-conflict")
      try await browser.find("[data-test=restore-other-side]").click()
      let flash = try await browser.waitFor("[data-test=flash]")
      #expect(
        try await flash.text()
          == "Restored the title of “Swift (other)” as the other side had it")
      let here = try app.binary.run(["show", "https://swift.org"], in: app.store).stdout
      #expect(here.contains("Swift (other)"))
      #expect(here.contains("from-here") && here.contains("from-other"), "\(here)")
      // The CLI lists the same conflict, with the restore of the title alone.
      let listed = try app.binary.run(["conflicts"], in: app.store).stdout
      #expect(listed.contains("to restore the other value: holder-git restore"))
      #expect(listed.contains("--field title"), "\(listed)")
      try await browser.find("[data-test=sync]").click()
      _ = try await browser.waitFor("[data-test=sync-report]")
      // The other clone takes the merge in.
      #expect(try app.binary.run(["sync"], in: other).status == 0)
      let there = try app.binary.run(["show", "https://swift.org"], in: other).stdout
      #expect(there.contains("Swift (other)"))
    }
  }
}
