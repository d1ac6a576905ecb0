import Foundation
import HolderTestSupport
import Testing

@Suite struct ConcurrencyTests {
  @Test func eightAddsAtOnceAllLandWhileGitStatusRuns() async throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let stop = StopFlag()
    let statusLoop = Task.detached {
      var runs = 0
      while !stop.isSet {
        _ = try? binary.git.runGit(["status", "--porcelain"], in: store)
        runs += 1
      }
      return runs
    }
    let results = try await withThrowingTaskGroup(of: HolderBinary.Result.self) { group in
      for n in 1...8 {
        group.addTask {
          try binary.run(["add", "--store", store, "https://example.org/page/\(n)", "--tag", "t"])
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    stop.set()
    let statusRuns = await statusLoop.value
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
