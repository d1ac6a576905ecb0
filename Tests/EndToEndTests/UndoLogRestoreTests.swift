import Foundation
import HolderCoreTestSupport
import HolderTestSupport
import Testing

/// The history commands as a person meets them: undo and redo one step at a time, a
/// readable log of a large store (one sentence per bulk change, dates as git takes them, a
/// pager on a terminal), and restore --at with any date.
@Suite struct UndoLogRestoreTests {
  private let utc = ["TZ": "UTC", "HOLDER_GIT_DEVICE": "laptop"]

  private func at(_ time: String) -> [String: String] {
    utc.merging(["HOLDER_GIT_NOW": time]) { _, new in new }
  }

  private func subjects(_ binary: HolderBinary, _ store: String) throws -> [String] {
    try binary.git.runGit(["log", "--format=%s"], in: store).split(separator: "\n").map(String.init)
  }

  @Test func undoGoesBackOneStepAtATimeAndRedoComesForward() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store], env: utc).status == 0)
    for name in ["one", "two", "three"] {
      let add = try binary.run(
        ["add", "--store", store, "https://example.org/\(name)", "--title", name], env: utc)
      #expect(add.status == 0, "\(add.stderr)")
    }
    let rm = try binary.run(
      ["rm", "--store", store, "https://example.org/one", "https://example.org/two"], env: utc)
    #expect(rm.status == 0, "\(rm.stderr)")
    #expect(try subjects(binary, store).first == "Delete 2 bookmarks", "one rm, one commit")

    let undo = try binary.run(["undo", "--store", store], env: utc)
    #expect(undo.stderr.hasPrefix("Undoing: Delete 2 bookmarks"), "\(undo.stderr)")
    #expect(try binary.run(["list", "--store", store]).stdout.contains("one"))
    let second = try binary.run(["undo", "--store", store], env: utc)
    #expect(second.stderr.hasPrefix("Undoing: Add \"three\""), "\(second.stderr)")
    let dryRun = try binary.run(["redo", "--store", store, "--dry-run"], env: utc)
    #expect(dryRun.stderr.hasPrefix("Redoing: Add \"three\""), "\(dryRun.stderr)")
    #expect(try binary.run(["redo", "--store", store], env: utc).status == 0)
    #expect(try binary.run(["list", "--store", store]).stdout.contains("three"))
    #expect(try binary.run(["redo", "--store", store], env: utc).status == 0)
    #expect(!(try binary.run(["list", "--store", store]).stdout.contains("one")))
    #expect(
      try subjects(binary, store).prefix(4) == [
        "Redo: Delete 2 bookmarks", "Redo: Add \"three\"", "Undo: Add \"three\"",
        "Undo: Delete 2 bookmarks",
      ])
    let nothing = try binary.run(["redo", "--store", store], env: utc)
    #expect(nothing.status == 1)
    #expect(nothing.stderr.hasPrefix("Error: there is nothing to redo"))
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
  }

  @Test func logShowsAChangeOfManyBookmarksAsOneSentence() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store], env: utc).status == 0)
    let lines = (1...40).map { "https://example.org/page/\($0)\tPage \($0)" }
    let add = try binary.run(
      ["add", "--store", store, "-", "--tag", "bulk"], env: utc,
      stdin: Array((lines.joined(separator: "\n") + "\n").utf8))
    #expect(add.status == 0, "\(add.stderr)")
    let renamed = try binary.run(["tag", "rename", "--store", store, "bulk", "many"], env: utc)
    #expect(renamed.status == 0, "\(renamed.stderr)")

    let log = try binary.run(["log", "--store", store, "-n", "20"])
    let shown = log.stdout.split(separator: "\n").map { String($0.dropFirst(18)) }
    #expect(shown.count == 3, "\(log.stdout)")
    #expect(shown.first == "laptop  Rename tag bulk → many (40 bookmarks)")
    #expect(shown.dropFirst().first?.contains("40") == true)

    let one = try binary.run(["log", "--store", store, "-n1"])
    #expect(one.status == 0, "\(one.stderr)")
    #expect(one.stdout.split(separator: "\n").count == 1)
    let expanded = try binary.run(["log", "--store", store, "-n1", "--expand"])
    let expandedLines = expanded.stdout.split(separator: "\n")
    #expect(expandedLines.count == 41)
    #expect(expandedLines.dropFirst().allSatisfy { $0.hasPrefix("    Changed \"Page ") })
  }

  @Test func logSinceTakesTheDatesGitTakes() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store], env: at("2026-11-01T08:00:00Z")).status == 0)
    let old = ["add", "--store", store, "https://example.org/old", "--title", "Old"]
    #expect(try binary.run(old, env: at("2026-11-10T10:00:00Z")).status == 0)
    let new = ["add", "--store", store, "https://example.org/new", "--title", "New"]
    #expect(try binary.run(new, env: at("2026-11-20T10:00:00Z")).status == 0)

    func titles(since: String) throws -> [String] {
      let log = try binary.run(
        ["log", "--store", store, "--since", since], env: at("2026-11-20T12:00:00Z"))
      #expect(log.status == 0, "\(since): \(log.stderr)")
      return log.stdout.split(separator: "\n").map { String($0.dropFirst(26)) }
    }
    #expect(try titles(since: "yesterday") == ["Added \"New\""])
    #expect(try titles(since: "2.weeks.ago") == ["Added \"New\"", "Added \"Old\""])
    #expect(try titles(since: "3 days ago") == ["Added \"New\""])
    #expect(try titles(since: "2026-11-10 09:59") == ["Added \"New\"", "Added \"Old\""])
    #expect(try titles(since: "2026-11-10 10:01") == ["Added \"New\""])
    let wrong = try binary.run(["log", "--store", store, "--since", "someday"])
    #expect(wrong.status == 64)
    #expect(wrong.stderr.contains("'someday' is not a date"))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func logOnATerminalGoesThroughThePager() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store], env: utc).status == 0)
    var env = binary.environment(utc)
    env["HOLDER_GIT_PAGER"] = "sed s/^/paged:/"
    env["SHELL"] = "/bin/sh"
    // `script` gives the binary a terminal for its standard output, as a person's shell does.
    func onTerminal(_ arguments: String) throws -> String {
      try runProcess(
        "/usr/bin/script", ["-qec", HolderBinary.path + " " + arguments, "/dev/null"],
        cwd: binary.git.root, env: env, stdin: nil
      ).stdout
    }
    #expect(try onTerminal("log --store \(store)").contains("paged:"))
    #expect(try !onTerminal("log --no-pager --store \(store)").contains("paged:"))
    #expect(try !onTerminal("--no-pager log --store \(store)").contains("paged:"))
    #expect(try onTerminal("--no-pager log --store \(store)").contains("Create bookmark store"))
    // less itself, which reads keys from the terminal: it must be the terminal's foreground
    // job (a pager in a process group of its own was stopped there, and log hung).
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/less") {
      env["HOLDER_GIT_PAGER"] = "less"
      let paged = try runProcess(
        "/usr/bin/timeout",
        [
          "20", "/usr/bin/script", "-qec",
          "stty rows 50 cols 100; \(HolderBinary.path) log --store \(store)", "/dev/null",
        ], cwd: binary.git.root, env: env, stdin: nil)
      #expect(paged.status == 0)
      #expect(paged.stdout.contains("Create bookmark store"))
    }
    let piped = try binary.run(["log", "--store", store], env: ["HOLDER_GIT_PAGER": "false"])
    #expect(piped.stdout.contains("Create bookmark store"), "no pager when not on a terminal")
  }

  @Test func restoreAtTakesTheDatesLogTakesAndSaysWhenABookmarkBegan() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store], env: at("2026-11-01T08:00:00Z")).status == 0)
    let url = "https://example.org/page"
    let add = ["add", "--store", store, url, "--title", "First"]
    #expect(try binary.run(add, env: at("2026-11-20T10:00:00Z")).status == 0)
    let edit = ["edit", "--store", store, url, "--title", "Second"]
    #expect(try binary.run(edit, env: at("2026-11-20T15:00:00Z")).status == 0)

    let early = try binary.run(
      ["restore", "--store", store, url, "--at", "2026-11-05"], env: at("2026-11-21T08:00:00Z"))
    #expect(early.status == 1)
    #expect(early.stderr.contains("did not exist yet"), "\(early.stderr)")
    #expect(early.stderr.contains("first saved at 2026-11-20T10:00:00.000Z"), "\(early.stderr)")

    let spaced = try binary.run(
      ["restore", "--store", store, url, "--at", "2026-11-20 12:00"],
      env: at("2026-11-21T08:00:00Z"))
    #expect(spaced.status == 0, "\(spaced.stderr)")
    #expect(try binary.run(["show", "--store", store, url]).stdout.contains("First"))

    let nonsense = try binary.run(["restore", "--store", store, url, "--at", "next tuesday"])
    #expect(nonsense.status == 1)
    #expect(nonsense.stderr.contains("is neither a date nor a commit"), "\(nonsense.stderr)")
    #expect(!nonsense.stderr.contains("git_revparse_single"))
  }
}
