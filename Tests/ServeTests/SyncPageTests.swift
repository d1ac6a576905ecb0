import Foundation
import HolderTestSupport
import Testing

/// The sync button and its status against a bare remote on this machine, a conflict settled
/// and shown; the export download.
@Suite struct SyncPageTests {
  @Test func syncsWithABareRemoteAndShowsTheConflictItSettled() throws {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift"]])
    // A new store has no remote: the page says how to add one and offers no sync.
    let before = try app.get("/sync").body
    #expect(before.contains("data-test=\"no-remote\""))
    #expect(before.contains("holder-git remote add origin URL"))
    #expect(!before.contains("data-test=\"sync\""))
    let remote = try app.binary.git.initRepository("remote.git", bare: true)
    #expect(try app.binary.run(["remote", "add", "origin", remote], in: app.store).status == 0)
    let secret = try app.secret()
    let status = try app.get("/sync").body
    #expect(status.contains("data-test=\"sync-status\""))
    #expect(status.contains("origin (\(remote))"))
    #expect(status.contains("data-test=\"sync\""))
    #expect(!status.contains("data-test=\"no-remote\""))
    let first = try app.post("/sync", ["_secret": secret])
    #expect(first.status == 200)
    #expect(first.body.contains("data-test=\"sync-report\""))
    #expect(!first.body.contains("data-test=\"sync-error\""))
    #expect(first.body.contains("Sent your changes."))
    #expect(!first.body.contains("Sent 0"))
    // Another machine changes the title; this one changes it too: the later change wins and
    // the conflict is listed.
    let other = app.binary.git.path("other")
    #expect(try app.binary.run(["clone", remote, other]).status == 0)
    #expect(
      try app.binary.run(["edit", "https://swift.org", "--title", "Swift (other)"], in: other)
        .status == 0)
    #expect(try app.binary.run(["sync"], in: other).status == 0)
    app.binary.git.tick()
    let id = try #require(try app.firstCardID())
    let edited = try app.post(
      "/b/\(id)/edit", ["url": "https://swift.org", "title": "Swift (here)", "_secret": secret])
    #expect(edited.status == 303)
    let second = try app.post("/sync", ["_secret": secret])
    #expect(second.body.contains("Merged"))
    // The merge went out: said once, with no count the sync does not have.
    #expect(second.body.contains("Sent your changes."))
    #expect(!second.body.contains("Sent 0"))
    #expect(second.body.contains("data-test=\"resolutions\""))
    #expect(try app.binary.run(["sync"], in: other).status == 0)
  }

  @Test func exportsTheStoreAsADownload() throws {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift <b>"]])
    let download = try app.get("/export?format=netscape")
    #expect(download.status == 200)
    #expect(download.headers["content-disposition"]?.contains("bookmarks.html") == true)
    #expect(download.body.contains("NETSCAPE-Bookmark-file-1"))
    #expect(download.body.contains("Swift &lt;b&gt;"))
    let json = try app.get("/export?format=json")
    #expect(json.body.contains("\"https://swift.org/\""))
  }
}
