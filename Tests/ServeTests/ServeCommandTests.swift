import Foundation
import HolderTestSupport
import Testing

/// `holder-git serve`: where it listens, one server per store, a clean stop.
@Suite struct ServeCommandTests {
  @Test func printsItsAddressServesTheStoreAndStopsCleanlyOnCtrlC() throws {
    let app = try ServedApp(adds: [["https://swift.org", "--title", "Swift"]])
    #expect(app.printed.contains("http://127.0.0.1:\(app.port)/"))
    let page = try app.get("/")
    #expect(page.status == 200)
    #expect(page.body.contains("Swift"))
    let instance = app.store + "/.holder/local/serve.json"
    let recorded = try String(contentsOfFile: instance, encoding: .utf8)
    #expect(recorded.contains("\"port\":\(app.port)"))
    #expect(app.interrupt() == 0)
    #expect(app.printed.contains("stopped"))
    #expect(!FileManager.default.fileExists(atPath: instance))
  }

  @Test func theCLIBinaryIsTheAppItself() throws {
    let (binary, store) = try ServedApp.store()
    let app = try ServedApp(binary: binary, store: store, throughCLI: true)
    let page = try app.get("/")
    #expect(page.status == 200)
    #expect(page.body.contains("Swift"))
    // The same process, now the holder-git binary under the app's name: no other program.
    let pid = app.process.processIdentifier
    let running = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
    #expect(running == URL(fileURLWithPath: HolderBinary.path).resolvingSymlinksInPath().path)
    let command = try String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)
    #expect(command.hasPrefix("holder-git-serve\0"))
    #expect(app.interrupt() == 0)
    #expect(app.printed.contains("stopped"))
  }

  @Test func anOpenPageDoesNotHoldUpSigterm() throws {
    let app = try ServedApp()
    let events = try EventStream(port: app.port)
    #expect(events.wait(for: ": live", timeout: 10))
    let started = Date()
    #expect(app.interrupt(signal: SIGTERM) == 0)
    #expect(Date().timeIntervalSince(started) < 5)
  }

  @Test func aSecondServeOnTheSameStoreSaysWhereTheFirstIs() throws {
    let app = try ServedApp()
    // Through the CLI, which execs its own binary as the app.
    let second = try app.binary.run(["serve", "--port", "0"], in: app.store)
    #expect(second.status == 3)
    #expect(second.stderr.contains("served already at http://127.0.0.1:\(app.port)/"))
    #expect(app.interrupt() == 0)
    // Once the first one stopped, a new one starts.
    let again = try ServedApp(binary: app.binary, store: app.store)
    #expect(try again.get("/").status == 200)
  }

  @Test func aLeftOverInstanceFileOfADeadServerDoesNotBlockAStart() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("bookmarks")
    try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    #expect(try binary.run(["init"], in: store).status == 0)
    try FileManager.default.createDirectory(
      atPath: store + "/.holder/local", withIntermediateDirectories: true)
    // This test's own process is alive, but it is no holder-git-serve.
    let stale = "{\"pid\":\(getpid()),\"port\":1,\"address\":\"127.0.0.1\"}"
    try stale.write(toFile: store + "/.holder/local/serve.json", atomically: true, encoding: .utf8)
    let app = try ServedApp(binary: binary, store: store)
    #expect(try app.get("/").status == 200)
  }
}
