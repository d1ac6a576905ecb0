import Foundation
import HolderTestSupport
import Testing

/// A change made outside the app reaches an open page within a second.
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

  @Test func aPageIsToldOfWhatItDoesNotShowYetAndOnlyThat() throws {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift"]])
    func shownGeneration() throws -> Int {
      let page = try app.get("/fragment/list").body
      let mark = try #require(page.firstMatch(of: /data-generation="(\d+)"/))
      return try #require(Int(mark.output.1))
    }
    let rendered = try shownGeneration()
    // A change lands between the page's rendering and its stream's start.
    #expect(
      try app.binary.run(["add", "https://example.org", "--title", "New"], in: app.store)
        .status == 0)
    var newer = rendered
    let deadline = Date().addingTimeInterval(5)
    while newer == rendered && Date() < deadline {
      usleep(20_000)
      newer = try shownGeneration()
    }
    #expect(newer > rendered)
    let late = try EventStream(port: app.port, since: rendered)
    #expect(late.wait(for: "event: changed\ndata: \(newer)\n", timeout: 5))
    // A page that already shows the newest generation (the page a save leads to) is not
    // told of it again: its first news is the next change.
    let current = try EventStream(port: app.port, since: newer)
    #expect(current.wait(for: ": live", timeout: 10))
    #expect(
      try app.binary.run(["add", "https://example.com", "--title", "Next"], in: app.store)
        .status == 0)
    #expect(current.wait(for: "event: changed", timeout: 5))
    let told = current.received.components(separatedBy: "event: changed\ndata: ").dropFirst()
      .compactMap { Int($0.prefix(while: \.isNumber)) }
    #expect(!told.isEmpty && told.allSatisfy { $0 > newer }, "\(told)")
  }

  @Test func aPageThatWentAwayIsLetGoWithoutWaitingForAChange() throws {
    let app = try ServedApp(env: ["HOLDER_GIT_SERVE_HEARTBEAT_MS": "100"])
    func sockets() -> Int {
      let folder = "/proc/\(app.process.processIdentifier)/fd"
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      return entries.count {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0))?
          .hasPrefix("socket:") == true
      }
    }
    let before = sockets()
    let events = try EventStream(port: app.port)
    #expect(events.wait(for: ": alive", timeout: 10), "\(events.received)")
    #expect(sockets() == before + 1)
    events.hangUp()
    let deadline = Date().addingTimeInterval(10)
    while sockets() > before && Date() < deadline { usleep(20_000) }
    #expect(sockets() == before)
  }
}
