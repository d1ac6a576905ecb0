// The web app's Edit form in a real headless Chromium when the bookmark changes while the form is
// open (a CLI command, as a sync would): Save merges field by field against the version the form
// was opened on, says which fields changed meanwhile, and is one commit, favourite included.
import Foundation
import HolderTestSupport
import Testing

@Suite(
  .serialized,
  .enabled(
    if: Browser.isInstalled,
    "needs Debian's chromium and chromium-driver: run scripts/setup --test"))
struct BrowserEditMergeTests {
  @Test func saveKeepsATagAddedWhileTheFormWasOpenAndIsOneCommit() async throws {
    let app = try ServedApp(adds: [
      ["https://swift.org", "--title", "Swift", "--tag", "lang", "--note", "First note"]
    ])
    try await Browser.withSession { browser in
      try await browser.navigate(to: app.origin)
      try await browser.find("[data-test=card-title]").click()
      try await browser.waitFor("[data-test=edit]").click()
      let title = try await browser.waitFor("[data-test=field-title]")

      // Meanwhile, from the command line: a tag, and a note the form changes too.
      let meanwhile = try app.binary.run(
        ["edit", "https://swift.org", "--add-tag", "docs", "--note", "From the CLI"],
        in: app.store)
      #expect(meanwhile.status == 0, "\(meanwhile.stderr)")
      let commits = try Self.commitCount(app)

      try await title.clear()
      try await title.type("Swift, the language")
      let note = try await browser.find("[data-test=field-note]")
      try await note.clear()
      try await note.type("From the form")
      try await browser.find("[data-test=field-favorite]").click()
      try await browser.find("[data-test=save]").click()
      try await browser.wait("the saved bookmark") {
        try await browser.find("[data-test=bookmark-title]").text()
          .hasPrefix("Swift, the language")
      }
      #expect(try await browser.find("[data-test=bookmark-tags]").text() == "docs lang")
      #expect(try await browser.find("[data-test=bookmark-note]").text() == "From the form")
      let flash = try await browser.find("[data-test=flash]").text()
      #expect(flash.contains("Saved with what changed since you opened the form: Tags"), "\(flash)")
      #expect(
        flash.contains("Changed since you opened the form and by you too, your version kept: Note"),
        "\(flash)")
      #expect(try Self.commitCount(app) == commits + 1)
    }
    let shown = try app.binary.run(["show", "https://swift.org"], in: app.store).stdout
    #expect(shown.contains("favorite:      yes"))
    #expect(shown.contains("tags:          docs, lang"))
  }

  private static func commitCount(_ app: ServedApp) throws -> Int {
    Int(
      try app.binary.git.runGit(["rev-list", "--count", "HEAD"], in: app.store)
        .trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
  }
}
