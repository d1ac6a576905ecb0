import Foundation
import HolderCoreTestSupport
import HolderTestSupport
import Testing

@Suite struct ConcurrencyTests {
  @Test func eightAddsAtOnceAllLandWhileGitStatusRuns() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let stop = StopFlag()
    // Threads of their own: the loop blocks until the adds are done, and the adds must not
    // wait for a thread of the cooperative pool it may be holding.
    let statusLoop = OwnThread {
      var runs = 0
      while !stop.isSet {
        _ = try? binary.git.runGit(["status", "--porcelain"], in: store)
        runs += 1
      }
      return runs
    }
    let results = try onOwnThreads(8) { n in
      try binary.run(["add", "--store", store, "https://example.org/page/\(n + 1)", "--tag", "t"])
    }
    stop.set()
    let statusRuns = try statusLoop.value()
    #expect(statusRuns > 0)
    #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
    let files = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
    #expect(files.split(separator: "\n").count == 8)
    let subjects = try binary.git.runGit(["log", "--format=%s"], in: store)
    #expect(subjects.split(separator: "\n").count == 9)
    #expect(try FileManager.default.contentsOfDirectory(atPath: store + "/tags/t").count == 8)
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
    try binary.git.runGit(["fsck", "--strict"], in: store)
  }
}

/// A flag one task sets and another polls.
final class StopFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  var isSet: Bool {
    lock.lock()
    defer { lock.unlock() }
    return value
  }

  func set() {
    lock.lock()
    value = true
    lock.unlock()
  }
}
