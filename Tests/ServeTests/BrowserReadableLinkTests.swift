// Links in the web app, in a real headless Chromium, as people write them: the bookmark page's
// link text, its history and the sync page's conflict rows say `…/wiki/부산`, while the link's
// href keeps the stored, percent-encoded form; a merge written before links were written
// readable is shown readable too.
import Foundation
import HolderTestSupport
import Testing

@Suite(
  .serialized,
  .enabled(
    if: Browser.isInstalled,
    "needs Debian's chromium and chromium-driver: run scripts/setup --test"))
struct BrowserReadableLinkTests {
  static let busan = "https://ko.wikipedia.org/wiki/부산"
  static let encoded = "https://ko.wikipedia.org/wiki/%EB%B6%80%EC%82%B0"

  @Test func theBookmarkPageAndTheSyncPageShowTheLinkReadable() async throws {
    let busan = Self.busan
    let app = try ServedApp(adds: [[busan, "--title", "Busan", "--no-fetch"]])
    try await Browser.withSession { browser in
      try await browser.navigate(to: app.origin)
      try await browser.find("[data-test=card-title]").click()
      let link = try await browser.waitFor("[data-test=open-link]")
      #expect(try await link.text() == busan)
      #expect(try await link.attribute("href") == Self.encoded)

      // A change of the link, from the command line: the page's history says both readable.
      let edited = try app.binary.run(["edit", busan, "--url", busan + "항"], in: app.store)
      #expect(edited.status == 0, "\(edited.stderr)")
      try await browser.wait("the new link") {
        try await browser.find("[data-test=open-link]").text() == busan + "항"
      }
      let history = try await browser.find("[data-test=history]").text()
      #expect(history.contains("\(busan) → \(busan)항"), "\(history)")
      #expect(!history.contains("%EB"), "\(history)")

      // Two machines change the link; the sync page lists the conflict, readable.
      let remote = try app.binary.git.initRepository("remote.git", bare: true)
      for command in [["remote", "add", "origin", remote], ["sync"]] {
        #expect(try app.binary.run(command, in: app.store).status == 0)
      }
      let other = app.binary.git.path("other")
      #expect(try app.binary.run(["clone", remote, other]).status == 0)
      #expect(
        try app.binary.run(["edit", busan + "항", "--url", busan + "역"], in: app.store).status == 0)
      app.binary.git.tick()
      #expect(
        try app.binary.run(["edit", busan + "항", "--url", busan + "시"], in: other).status == 0)
      #expect(try app.binary.run(["sync"], in: other).status == 0)
      #expect(try app.binary.run(["sync"], in: app.store).status == 0)
      // The open bookmark page reloads when the store changes; it shows the merged link
      // before the test leaves it, so that a late reload cannot cancel the way to the sync page.
      try await browser.wait("the merged link") {
        try await browser.find("[data-test=open-link]").text() == busan + "시"
      }
      try await Self.expectConflictReadable(browser, app)

      // The same merge as an older holder-git wrote it, links encoded: still readable.
      let git = app.binary.git
      func output(_ args: [String]) throws -> String {
        try git.runGit(args, in: app.store).trimmingCharacters(in: .whitespacesAndNewlines)
      }
      let message = try output(["log", "-1", "--format=%B"])
      let older = message.replacingOccurrences(of: busan, with: Self.encoded)
        .replacingOccurrences(of: "역", with: "%EC%97%AD").replacingOccurrences(
          of: "시", with: "%EC%8B%9C")
      #expect(older.contains(Self.encoded + "%EC%8B%9C"), "\(older)")
      let rewritten = try output(
        [
          "commit-tree", try output(["rev-parse", "HEAD^{tree}"]), "-p",
          try output(["rev-parse", "HEAD^1"]),
          "-p", try output(["rev-parse", "HEAD^2"]), "-m", older,
        ])
      _ = try output(["update-ref", try output(["symbolic-ref", "HEAD"]), rewritten])
      try await Self.expectConflictReadable(browser, app)
    }
  }

  /// The sync page's conflict row names the link that was kept, readable, and nothing encoded.
  private static func expectConflictReadable(_ browser: Browser, _ app: ServedApp) async throws {
    try await browser.navigate(to: app.origin + "sync")
    let conflict = try await browser.waitFor("[data-test=conflict]").text()
    #expect(conflict.contains("kept \(busan)시"), "\(conflict)")
    #expect(!conflict.contains("%EB"), "\(conflict)")
  }
}
