import Foundation
import HolderTestSupport
import Testing

/// Issue 19, item 4: a change made outside the app reaches an open page within a second.
@Suite struct LiveTests {
  @Test func aCLIAddAndAHandEditReachAnOpenPageWithinASecond() throws {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift"]])
    let events = try EventStream(port: app.port)
    #expect(events.wait(for: ": live", timeout: 10))
    func changes() -> Int { events.received.components(separatedBy: "event: changed").count }
    // Wait until the watcher is quiet: files younger than 2 s are read again on each tick.
    var before = changes()
    var quietSince = Date()
    while Date().timeIntervalSince(quietSince) < 1 {
      usleep(50_000)
      if changes() != before {
        before = changes()
        quietSince = Date()
      }
    }
    #expect(
      try app.binary.run(["add", "https://example.org", "--title", "New"], in: app.store)
        .status == 0)
    let added = Date()
    while changes() == before && Date().timeIntervalSince(added) < 5 { usleep(10_000) }
    #expect(Date().timeIntervalSince(added) < 1)
    #expect(try app.get("/fragment/list").body.contains("New"))
    // A hand edit of a bookmark file shows too.
    let file = try #require(
      FileManager.default.enumerator(atPath: app.store + "/bookmarks")?.compactMap { $0 as? String }
        .first { $0.hasSuffix(".json") && $0.contains("swift") })
    let path = app.store + "/bookmarks/" + file
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacingOccurrences(of: "\"Swift\"", with: "\"Swift by hand\"")
      .write(toFile: path, atomically: true, encoding: .utf8)
    let deadline = Date().addingTimeInterval(3)
    var seen = false
    while Date() < deadline && !seen {
      seen = try app.get("/fragment/list").body.contains("Swift by hand")
      if !seen { usleep(50_000) }
    }
    #expect(seen)
  }
}
