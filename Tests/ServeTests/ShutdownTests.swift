// SIGTERM (systemd's stop) while a write is under way: the write finishes and its commit
// lands, the store is left clean, new connections are refused from the signal on, and the app
// exits 0. The write is held in the middle by the write path's own pause point
// (`HOLDER_GIT_PAUSE_AT`/`HOLDER_GIT_PAUSE_FILE`, `CrashPoint`), so the signal surely comes
// while it is under way.
import Foundation
import Testing

@Suite struct ShutdownTests {
  /// The durable step of an add the app pauses at: the branch has moved to the new commit and
  /// the work tree has not followed yet (a kill there would leave the operation for the next
  /// command to finish).
  private let pauseStep = 3

  @Test(arguments: [SIGTERM, SIGINT])
  func aWriteUnderWayFinishesBeforeTheAppStops(signal: Int32) throws {
    let setUp = try ServedApp(adds: [["https://swift.org", "--title", "Swift"]])
    let binary = setUp.binary
    let store = setUp.store
    setUp.interrupt()
    let pause = binary.git.path("paused")
    let app = try ServedApp(
      binary: binary, store: store,
      env: ["HOLDER_GIT_PAUSE_AT": "\(pauseStep)", "HOLDER_GIT_PAUSE_FILE": pause])
    let secret = try app.secret()
    let before = try binary.git.runGit(["rev-list", "--count", "HEAD"], in: store)

    let answer = Answer()
    let port = app.port
    Thread.detachNewThread {
      answer.set(
        try? HTTPReply.send(
          "POST", "/add", port: port,
          headers: [
            "Origin": "http://127.0.0.1:\(port)",
            "Content-Type": "application/x-www-form-urlencoded",
          ],
          body: "url=https%3A%2F%2Fexample.org%2Fheld&title=Held&_secret=\(secret)"))
    }
    let deadline = Date().addingTimeInterval(20)
    while !FileManager.default.fileExists(atPath: pause) && Date() < deadline { usleep(5_000) }
    try #require(FileManager.default.fileExists(atPath: pause), "the write reached its pause")

    kill(app.pid, signal)
    // From the signal on, the app takes no new connection.
    let refusedBy = Date().addingTimeInterval(10)
    var refused = false
    while !refused && Date() < refusedBy {
      refused = RawConnection(port: port) == nil
    }
    #expect(refused, "new connections are refused once the signal came")
    #expect(answer.value == nil, "the write is still held")
    #expect(app.waitForExit(timeout: 0.5) == nil, "the app waits for the write")

    try FileManager.default.removeItem(atPath: pause)
    #expect(app.waitForExit(timeout: 30) == 0, "\(app.printed)")
    #expect(answer.value?.status == 303, "the held write was answered")
    #expect(app.waitForLine("POST /add 303") != nil, "\(app.printed)")

    let after = try binary.git.runGit(["rev-list", "--count", "HEAD"], in: store)
    #expect(Int(after.dropLast()) == Int(before.dropLast())! + 1, "the write's commit landed")
    let message = try binary.git.runGit(["log", "-1", "--format=%B"], in: store)
    #expect(message.contains("Held"), "\(message)")
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
    let check = try binary.run(["check", "--store", store])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    let shown = try binary.run(["list", "--store", store])
    #expect(shown.stdout.contains("Held"))
  }
}

/// The held request's answer, set on the thread that sent it.
private final class Answer: @unchecked Sendable {
  private let lock = NSLock()
  private var reply: HTTPReply?

  func set(_ reply: HTTPReply?) { lock.withLock { self.reply = reply } }
  var value: HTTPReply? { lock.withLock { reply } }
}
