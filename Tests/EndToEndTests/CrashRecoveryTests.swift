import Foundation
import HolderTestSupport
import Testing

/// A holder-git killed in the middle of an operation.
///
/// The next command finishes or undoes it and says so, nothing it half wrote is taken for a
/// hand edit, and what a dead process left behind is cleaned up. `HOLDER_GIT_CRASH_AT=N` kills the binary at its Nth
/// durable step; `HOLDER_GIT_CRASH_COUNT` says how many steps a run has.
@Suite struct CrashRecoveryTests {
  private let binary: HolderBinary
  private let store: String

  init() throws {
    binary = try HolderBinary()
    store = binary.git.path("store")
    #expect(try binary.run(["init", store]).status == 0)
  }

  private func run(_ args: [String], env: [String: String] = [:], stdin: String? = nil) throws
    -> HolderBinary.Result
  {
    try binary.run(args + ["--store", store], env: env, stdin: stdin.map { Array($0.utf8) })
  }

  private func git(_ args: String...) throws -> String {
    try binary.git.runGit(args, in: store)
  }

  /// How many durable steps `args` takes, from an uncrashed run.
  private func steps(_ args: [String], stdin: String? = nil) throws -> Int {
    let countFile = binary.git.path("count")
    let result = try binary.run(
      args + ["--store", store], env: ["HOLDER_GIT_CRASH_COUNT": countFile],
      stdin: stdin.map { Array($0.utf8) })
    #expect(result.status == 0, "\(result.stderr)")
    let text = try String(contentsOfFile: countFile, encoding: .utf8)
    return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
  }

  /// The store is as a person expects after the next command: git clean, check clean, no
  /// hand edits reported.
  private func expectClean(_ sourceLocation: SourceLocation = #_sourceLocation) throws {
    let status = try run(["status"])
    #expect(status.stdout.contains("No uncommitted hand edits"), sourceLocation: sourceLocation)
    #expect(try git("status", "--porcelain") == "", sourceLocation: sourceLocation)
    #expect(try run(["check"]).status == 0, sourceLocation: sourceLocation)
    _ = try git("fsck", "--strict")
    #expect(
      !FileManager.default.fileExists(atPath: store + "/.git/holder-git-journal"),
      sourceLocation: sourceLocation)
  }

  /// The store's one bookmark file, and its move by hand into a `sub` folder beside it.
  private struct MovableFile {
    let original: String
    let folder: String
    let moved: String

    func moveByHand() throws {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try FileManager.default.moveItem(atPath: original, toPath: moved)
    }
  }

  private func movableFile() throws -> MovableFile {
    let relative = try git("ls-files", "bookmarks").trimmingCharacters(in: .whitespacesAndNewlines)
    let original = store + "/" + relative
    let folder = URL(fileURLWithPath: original).deletingLastPathComponent().path + "/sub"
    return MovableFile(
      original: original, folder: folder,
      moved: folder + "/" + URL(fileURLWithPath: original).lastPathComponent)
  }

  /// How many durable steps `commit` takes to put `file` back, the same in two runs in a row
  /// (the views were once removed in a hashed order, and a folder emptied by one removal
  /// left the next without a step).
  private func putBackSteps(_ file: MovableFile) throws -> Int {
    try file.moveByHand()
    let first = try steps(["commit"])
    try file.moveByHand()
    let second = try steps(["commit"])
    #expect(first == second)
    return first
  }

  @Test func anAddKilledAtAnyStepIsWhollyDoneOrWhollyNot() throws {
    #expect(try run(["add", "https://example.org/first", "--no-fetch"]).status == 0)
    let total = try steps(["add", "https://example.org/probe", "--no-fetch"])
    #expect(total >= 4, "the commit, the journal, the branch, the file and the index")
    for point in 1...total {
      let url = "https://example.org/page\(point)"
      let killed = try run(
        ["add", url, "--tag", "t", "--no-fetch"], env: ["HOLDER_GIT_CRASH_AT": "\(point)"])
      #expect(killed.status != 0, "killed at step \(point)")
      _ = try run(["check", "--fix"])
      let next = try run(["list", "--tag", "t"])
      try expectClean()
      let files = try git("ls-files", "bookmarks")
      // Saved with its tag view, or not saved at all (and adding it again works).
      if next.stdout.contains("page\(point)") {
        #expect(files.contains("page\(point)"))
      } else {
        #expect(!files.contains("page\(point)"))
        #expect(try run(["add", url, "--tag", "t", "--no-fetch"]).status == 0)
      }
    }
    #expect(try git("ls-files", "bookmarks").contains("first"))
  }

  /// A file moved by hand and put back by `commit` leaves HEAD as it was while its tag views
  /// are made again: killed at any step, the next command that writes brings them back.
  ///
  /// The views' marker still named HEAD, so a link removed before the kill stayed missing
  /// until `check --fix` (seed 1029 of the simulator).
  @Test func aMovedFilePutBackWhenKilledAtAnyStepKeepsItsTagViews() throws {
    #expect(try run(["add", "https://h9.example/p", "--tag", "later", "--no-fetch"]).status == 0)
    let file = try movableFile()
    let total = try putBackSteps(file)
    #expect(total >= 3, "the file put back, the index, the views")
    for point in 1...total {
      try file.moveByHand()
      let killed = try run(["commit"], env: ["HOLDER_GIT_CRASH_AT": "\(point)"])
      #expect(killed.status != 0, "killed at step \(point)")
      _ = try run(["commit"])
      try? FileManager.default.removeItem(atPath: file.folder)
      try expectClean()
      let links = try FileManager.default.contentsOfDirectory(atPath: store + "/tags/later")
      #expect(links.count == 1, "killed at step \(point): \(links)")
    }
  }

  /// A file moved by hand whose put-back `commit` was killed at any step, then edited by hand
  /// where the person finds it: the next `commit` takes the edit in, and no copy is left.
  ///
  /// The put-back made no commit, so it wrote without the journal: killed between the file
  /// written back and its copy removed, both stayed, and once one was edited `sync` asked
  /// for them to be merged by hand (seeds 2787 and 2991 of the simulator).
  @Test func aMovedFilePutBackWhenKilledAtAnyStepLeavesNoCopyToMerge() throws {
    #expect(try run(["add", "https://h9.example/p", "--no-fetch"]).status == 0)
    let file = try movableFile()
    for point in 1...(try putBackSteps(file)) {
      try file.moveByHand()
      let killed = try run(["commit"], env: ["HOLDER_GIT_CRASH_AT": "\(point)"])
      #expect(killed.status != 0, "killed at step \(point)")
      _ = try run(["check", "--fix"])
      let seen = FileManager.default.fileExists(atPath: file.original) ? file.original : file.moved
      let text = try String(contentsOfFile: seen, encoding: .utf8)
      let title = "Edited after step \(point)"
      try text.replacing(#/"title": "[^"]*"/#, with: "\"title\": \"\(title)\"")
        .write(toFile: seen, atomically: false, encoding: .utf8)
      let commit = try run(["commit"])
      #expect(commit.status == 0, "killed at step \(point): \(commit.stderr)")
      #expect(!FileManager.default.fileExists(atPath: file.folder), "killed at step \(point)")
      #expect(try run(["list"]).stdout.components(separatedBy: title).count == 2)
      try expectClean()
    }
  }

  @Test func aTagRenameKilledMidWayIsFinishedNotTakenForHandEdits() throws {
    let lines = (0..<40).map { "https://example.org/p\($0)" }.joined(separator: "\n")
    #expect(try run(["add", "-", "--tag", "old"], stdin: lines).status == 0)
    let total = try steps(["tag", "rename", "old", "probe"])
    #expect(try run(["tag", "rename", "probe", "old"]).status == 0)
    // Past the branch, in the middle of the rewritten files.
    let killed = try run(
      ["tag", "rename", "old", "new"], env: ["HOLDER_GIT_CRASH_AT": "\(total / 2)"])
    #expect(killed.status != 0)
    let read = try run(["status"])
    #expect(read.stdout.contains("No uncommitted hand edits"), "\(read.stdout)")
    let finished = try run(["check", "--fix"])
    #expect(finished.stderr.contains("Finished an interrupted operation: Rename tag old"))
    try expectClean()
    // The next rename is not refused for "uncommitted hand edits".
    #expect(try run(["tag", "rename", "new", "newer"]).status == 0)
    #expect(try run(["list", "--tag", "newer"]).stdout.components(separatedBy: "\n").count > 40)
  }

  @Test func anImportKilledBeforeItsCommitIsUndoneAndImportsWholeAgain() throws {
    let file = binary.git.path("import.jsonl")
    let lines = (0..<60).map { #"{"url": "https://example.org/i\#($0)", "tags": ["i"]}"# }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
    let killed = try run(["import", file], env: ["HOLDER_GIT_CRASH_AT": "20"])
    #expect(killed.status != 0)
    let status = try run(["check", "--fix"])
    #expect(status.stderr.contains("Undid an interrupted operation that had not committed"))
    try expectClean()
    let again = try run(["import", file])
    #expect((again.stdout + again.stderr).contains("60 added"), "\(again.stderr)")
    // One undo takes the whole import back.
    #expect(try run(["undo"]).status == 0)
    #expect(try git("ls-files", "bookmarks") == "")
  }

  @Test func aDeadProcessesLeftoversAreRemovedAndALiveOnesKept() throws {
    #expect(try run(["add", "https://example.org/a", "--no-fetch"]).status == 0)
    let dead = try deadPID()
    let live = ProcessInfo.processInfo.processIdentifier
    let folder = try git("ls-files", "bookmarks").split(separator: "/").dropLast()
      .joined(separator: "/")
    let leftovers = [
      ".git/objects/tmp_object_git2_Ab12Cd", ".holder/local/.tag-views-head.tmp-\(dead)-7",
      ".git/objects/pack/tmp_pack_holder_\(dead)_99",
      // A journal whose writer died before renaming it (seed 4119 of the simulator).
      ".git/.holder-git-journal.tmp-\(dead)-3",
      // `.git/info/exclude` written when a clone was killed (seed 197 of `simulate-short`).
      ".git/info/.exclude.tmp-\(dead)-4",
    ]
    let kept = [folder + "/.a.json.tmp-\(live)-5", ".git/info/.attributes.tmp-\(live)-6"]
    for path in leftovers + kept {
      _ = FileManager.default.createFile(atPath: store + "/" + path, contents: Data("x".utf8))
    }
    // A read leaves them; the next write removes the dead one's.
    #expect(try run(["list"]).status == 0)
    #expect(FileManager.default.fileExists(atPath: store + "/" + leftovers[0]))
    #expect(try run(["check", "--fix"]).status == 0)
    for path in leftovers {
      #expect(!FileManager.default.fileExists(atPath: store + "/" + path), "\(path)")
    }
    for path in kept {
      #expect(FileManager.default.fileExists(atPath: store + "/" + path), "\(path)")
    }
  }

  @Test func anIndexLockLeftByACrashGoesAndAnyOtherStays() throws {
    #expect(try run(["add", "https://example.org/a", "--no-fetch"]).status == 0)
    let lock = store + "/.git/index.lock"
    // No journal: not known to be holder-git's (a git might be about to use it).
    _ = FileManager.default.createFile(atPath: lock, contents: Data())
    _ = try run(["check", "--fix"])
    #expect(FileManager.default.fileExists(atPath: lock))
    try FileManager.default.removeItem(atPath: lock)

    let total = try steps(["add", "https://example.org/probe", "--no-fetch"])
    // Killed after its branch moved: the crash could have been inside the index's write.
    let killed = try run(
      ["add", "https://example.org/b", "--no-fetch"],
      env: ["HOLDER_GIT_CRASH_AT": "\(total - 1)"])
    #expect(killed.status != 0)
    _ = FileManager.default.createFile(atPath: lock, contents: Data())
    let status = try run(["check", "--fix"])
    #expect(status.stderr.contains("Finished an interrupted operation"), "\(status.stderr)")
    #expect(!FileManager.default.fileExists(atPath: lock))
    try expectClean()
  }

  @Test func statusDuringAnotherHolderGitsOperationListsNoneOfItsFiles() throws {
    #expect(try run(["add", "https://example.org/a", "--no-fetch"]).status == 0)
    let path = try git("ls-files", "bookmarks").trimmingCharacters(in: .newlines)
    let head = try git("rev-parse", "HEAD").trimmingCharacters(in: .newlines)
    // Another holder-git holds the lock and is rewriting the file under its journal.
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
    // -o: the lock is flock's own, let go the moment it is killed.
    holder.arguments = ["-o", store + "/.git/holder-git.lock", "sleep", "8"]
    try holder.run()
    defer { holder.terminate() }
    while !isLocked(store + "/.git/holder-git.lock") { usleep(10_000) }
    // The operation as tag rename names it: a sentence of the catalog, shown translated.
    let journal = """
      holder-git intent journal 1
      operation Rename tag x → y (1 bookmark)
      reference refs/heads/main
      from \(head)
      to -
      path \(path)

      """
    try Data(journal.utf8).write(to: URL(fileURLWithPath: store + "/.git/holder-git-journal"))
    let original = try String(contentsOfFile: store + "/" + path, encoding: .utf8)
    try Data(original.replacingOccurrences(of: "\"tags\": []", with: "\"tags\": [\"y\"]").utf8)
      .write(to: URL(fileURLWithPath: store + "/" + path))

    let during = try run(["status"])
    #expect(during.stdout.contains("No uncommitted hand edits"), "\(during.stdout)")
    #expect(
      during.stdout.contains("Operation under way or interrupted: Rename tag x → y (1 bookmark)"))

    // The holder dies without finishing: the next write undoes its half-written file.
    holder.terminate()
    // Not waitUntilExit: Foundation waits there for `sleep` too (long enough for `during`).
    while isLocked(store + "/.git/holder-git.lock") { usleep(10_000) }
    let after = try run(["check", "--fix"])
    #expect(after.stderr.contains("Undid an interrupted operation"), "\(after.stderr)")
    #expect(try String(contentsOfFile: store + "/" + path, encoding: .utf8) == original)
    try expectClean()
  }

  /// The pid of a process that has exited.
  private func deadPID() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  private func isLocked(_ path: String) -> Bool {
    let fd = open(path, O_RDWR)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    if flock(fd, LOCK_EX | LOCK_NB) == 0 {
      flock(fd, LOCK_UN)
      return false
    }
    return true
  }
}
