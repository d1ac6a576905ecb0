import Foundation
import HolderCoreTestSupport
import HolderTestSupport
import Testing

/// Plain git run while holder-git is between moving its branch and writing the work tree.
///
/// holder-git holds git's own `index.lock` through that window, as `git checkout` does, so a
/// `git commit -a` fails instead of committing the old files on top of the new commit; a
/// crash there leaves a lock the next command removes. `HOLDER_GIT_PAUSE_AT=N` stops the
/// binary at its Nth durable step until the file `HOLDER_GIT_PAUSE_FILE` is removed.
@Suite struct PlainGitDuringWriteTests {
  private let binary: HolderBinary
  private let store: String
  /// The durable step right after the branch moved: the commit's objects, the journal, the
  /// branch (`Store.commit`).
  private let branchMoved = 3

  init() throws {
    binary = try HolderBinary()
    store = binary.git.path("store")
    #expect(try binary.run(["init", store]).status == 0)
    let lines = (0..<60).map { "https://example.org/p\($0)" }.joined(separator: "\n")
    #expect(try run(["add", "-", "--tag", "old"], stdin: lines).status == 0)
  }

  private func run(_ args: [String], env: [String: String] = [:], stdin: String? = nil) throws
    -> HolderBinary.Result
  {
    try binary.run(args + ["--store", store], env: env, stdin: stdin.map { Array($0.utf8) })
  }

  private func git(_ args: String...) throws -> String {
    try binary.git.runGit(args, in: store)
  }

  /// How many bookmark files the work tree has with the tag `tag`.
  private func filesTagged(_ tag: String) throws -> Int {
    let paths = try git("ls-files", "bookmarks").split(separator: "\n")
    return try paths.filter { path in
      try String(contentsOfFile: store + "/" + path, encoding: .utf8).contains("\"\(tag)\"")
    }.count
  }

  @Test func aGitCommitDuringATagRenameFailsAndRevertsNothing() throws {
    let before = try git("rev-parse", "HEAD")
    let commits = try git("rev-list", "--count", "HEAD")
    let pause = binary.git.path("paused")
    let renaming = Outcome()
    let store = store
    let binary = binary
    DispatchQueue.global().async {
      renaming.finish(
        try? binary.run(
          ["tag", "rename", "old", "new", "--store", store],
          env: ["HOLDER_GIT_PAUSE_AT": "\(branchMoved)", "HOLDER_GIT_PAUSE_FILE": pause]))
    }
    while !FileManager.default.fileExists(atPath: pause) && !renaming.isFinished {
      usleep(5_000)
    }
    #expect(!renaming.isFinished, "the rename stopped at its pause point")
    // The branch has moved and no file has followed it yet.
    #expect(try git("rev-parse", "HEAD") != before)
    #expect(try filesTagged("old") == 60)

    var commitFailure = ""
    do {
      try git("commit", "-a", "-m", "x")
    } catch let failure as ProcessFailure {
      commitFailure = failure.stderr
    }
    #expect(commitFailure.contains("index.lock"), "git commit -a failed: \(commitFailure)")

    try FileManager.default.removeItem(atPath: pause)
    let result = renaming.wait()
    #expect(result?.status == 0, "\(result?.stderr ?? "")")
    // One commit more, the rename's, and none that puts the old tag back.
    #expect(try Int(git("rev-list", "--count", "HEAD").dropLast()) == Int(commits.dropLast())! + 1)
    #expect(try git("log", "-1", "--format=%s").hasPrefix("Rename tag old"))
    #expect(try filesTagged("new") == 60)
    #expect(try filesTagged("old") == 0)
    #expect(try git("status", "--porcelain") == "")
    _ = try git("fsck", "--strict", "--full")
  }

  @Test func aLockGitHoldsStopsTheCommandBeforeAnythingChangesAndStays() throws {
    let lock = store + "/.git/index.lock"
    let before = try git("rev-parse", "HEAD")
    // A git process in the middle of writing the index (it waits 10 s for it, in vain).
    try Data("DIRC".utf8).write(to: URL(fileURLWithPath: lock))
    let refused = try run(["add", "https://example.org/while-locked", "--no-fetch"])
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("stayed locked"), "\(refused.stderr)")
    #expect(try String(contentsOfFile: lock, encoding: .utf8) == "DIRC")
    #expect(try git("rev-parse", "HEAD") == before)
    #expect(!FileManager.default.fileExists(atPath: store + "/.git/holder-git-journal"))
    try FileManager.default.removeItem(atPath: lock)
    #expect(try git("status", "--porcelain") == "")
  }

  @Test func aCrashWhileHoldingTheLockLeavesNoLockForTheNextCommand() throws {
    let killed = try run(
      ["tag", "rename", "old", "new"], env: ["HOLDER_GIT_CRASH_AT": "\(branchMoved)"])
    #expect(killed.status != 0)
    #expect(FileManager.default.fileExists(atPath: store + "/.git/index.lock"))
    // Plain git is kept out until holder-git finishes the operation.
    #expect(throws: ProcessFailure.self) { try git("commit", "-a", "-m", "x") }

    let status = try run(["check", "--fix"])
    #expect(status.stderr.contains("Finished an interrupted operation"), "\(status.stderr)")
    #expect(!FileManager.default.fileExists(atPath: store + "/.git/index.lock"))
    #expect(try git("status", "--porcelain") == "")
    #expect(try filesTagged("new") == 60)
    try git("commit", "--allow-empty", "-m", "plain git works again")
  }
}

/// The result of a run on another thread, waited for by the test.
private final class Outcome: @unchecked Sendable {
  private let lock = NSLock()
  private let done = DispatchSemaphore(value: 0)
  private var result: HolderBinary.Result?
  private var finished = false

  func finish(_ result: HolderBinary.Result?) {
    lock.withLock {
      self.result = result
      finished = true
    }
    done.signal()
  }

  var isFinished: Bool { lock.withLock { finished } }

  func wait() -> HolderBinary.Result? {
    done.wait()
    done.signal()
    return lock.withLock { result }
  }
}
