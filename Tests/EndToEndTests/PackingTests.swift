import Foundation
import HolderCoreTestSupport
import HolderTestSupport
import Testing

/// A repository that stays packed.
///
/// The loose objects are made with plain git from fixed contents, so their ids, and so
/// the sample folders' counts, are the same on every run.
@Suite struct PackingTests {
  /// A store with three bookmarks, `count` reachable loose blobs that only the reflog of
  /// `refs/test/old` reaches (the ref itself moved on), and one unreachable loose blob.
  func storeWithLooseObjects(_ binary: HolderBinary, count: Int = 1500) throws -> String {
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    for n in 1...3 {
      #expect(try binary.run(["add", "--store", store, "https://example.org/\(n)"]).status == 0)
    }
    let folder = binary.git.path("blobs")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var paths: [String] = []
    for n in 0..<count {
      let path = folder + "/\(n)"
      try "loose blob \(n)\n".write(toFile: path, atomically: false, encoding: .utf8)
      paths.append(path)
    }
    let ids = try binary.git.runGit(
      ["hash-object", "-w", "--stdin-paths"], in: store,
      stdin: Array(paths.joined(separator: "\n").utf8)
    ).split(separator: "\n")
    let listing = ids.enumerated().map { "100644 blob \($1)\tb\($0)" }.joined(separator: "\n")
    let tree = try binary.git.runGit(["mktree"], in: store, stdin: Array(listing.utf8))
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let old = try binary.git.runGit(["commit-tree", tree, "-m", "old"], in: store)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    try binary.git.runGit(["update-ref", "--create-reflog", "refs/test/old", old], in: store)
    let empty = try binary.git.runGit(["mktree"], in: store, stdin: [])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let new = try binary.git.runGit(["commit-tree", empty, "-m", "new"], in: store)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    try binary.git.runGit(["update-ref", "refs/test/old", new], in: store)
    try binary.git.runGit(
      ["hash-object", "-w", "--stdin"], in: store, stdin: Array("unreachable\n".utf8))
    return store
  }

  func countObjects(_ binary: HolderBinary, _ store: String) throws -> [String: Int] {
    var figures: [String: Int] = [:]
    for line in try binary.git.runGit(["count-objects", "-v"], in: store).split(separator: "\n") {
      let parts = line.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
      if parts.count == 2, let value = Int(parts[1]) { figures[parts[0]] = value }
    }
    return figures
  }

  /// Waits for a background packer to be done: it holds the store lock until it exits.
  func waitForLock(_ store: String) throws {
    let result = try runProcess(
      "/usr/bin/flock", ["-w", "120", store + "/.git/holder-git.lock", "true"], cwd: nil,
      env: nil, stdin: nil)
    #expect(result.status == 0)
  }

  /// Everything a user or git could notice is intact: fsck, status, the bookmarks, check.
  func expectIntact(_ binary: HolderBinary, _ store: String, bookmarks: Int) throws {
    try binary.git.runGit(["fsck", "--strict", "--no-dangling"], in: store)
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
    let listed = try binary.run(["list", "--json", "--store", store])
    #expect(listed.status == 0)
    #expect(listed.stdout.components(separatedBy: "\"url\"").count - 1 == bookmarks)
    #expect(try binary.run(["check", "--store", store]).status == 0)
    // Every object the reflog reaches still reads.
    let old = try binary.git.runGit(["rev-parse", "refs/test/old@{1}"], in: store)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let blobs = try binary.git.runGit(["ls-tree", "-r", old], in: store)
    #expect(blobs.split(separator: "\n").count == 1500)
    #expect(
      try binary.git.runGit(["cat-file", "-p", old + ":b1499"], in: store) == "loose blob 1499\n")
  }

  /// `git gc` packs the store its own way, then holder-git edits `url` in it: both leave
  /// everything intact.
  func expectIntactAfterGitGc(
    _ binary: HolderBinary, _ store: String, editing url: String, bookmarks: Int
  ) throws {
    try binary.git.runGit(["gc", "--quiet"], in: store)
    try expectIntact(binary, store, bookmarks: bookmarks)
    #expect(try binary.run(["edit", "--store", store, url, "--title", "T"]).status == 0)
    try expectIntact(binary, store, bookmarks: bookmarks)
  }

  @Test func anAddPastGcAutoPacksTheReachableLooseObjectsInTheBackground() throws {
    let binary = try HolderBinary()
    let store = try storeWithLooseObjects(binary)
    try binary.git.runGit(["config", "gc.auto", "256"], in: store)
    #expect(try countObjects(binary, store)["count"]! > 1500)
    let added = try binary.run(["add", "--store", store, "https://example.org/packed"])
    #expect(added.status == 0, "\(added.stderr)")
    try waitForLock(store)
    let figures = try countObjects(binary, store)
    // Only the unreachable blob stays loose, for git prune.
    #expect(figures["count"] == 1)
    #expect(figures["in-pack"]! > 1500)
    #expect(figures["garbage"] == 0)
    try expectIntact(binary, store, bookmarks: 4)
  }

  @Test func packingStartsOnlyOnceTheLooseObjectsPassGcAuto() throws {
    let binary = try HolderBinary()
    let store = try storeWithLooseObjects(binary)
    // Far enough above the count that one add (a blob, a few trees, a commit) stays below.
    let before = try countObjects(binary, store)["count"]!
    try binary.git.runGit(["config", "gc.auto", "\(before + 40)"], in: store)
    #expect(try binary.run(["add", "--store", store, "https://example.org/below"]).status == 0)
    try waitForLock(store)
    let below = try countObjects(binary, store)
    #expect(below["count"]! > before)
    #expect(below["packs"] == 0)
    // Now the next add passes it by a handful: packed, whatever the sample folders hold.
    try binary.git.runGit(["config", "gc.auto", "\(below["count"]!)"], in: store)
    #expect(try binary.run(["add", "--store", store, "https://example.org/past"]).status == 0)
    try waitForLock(store)
    let past = try countObjects(binary, store)
    #expect(past["count"] == 1)
    #expect(past["packs"] == 1)
    try expectIntact(binary, store, bookmarks: 5)
  }

  @Test func gcAutoZeroTurnsPackingOff() throws {
    let binary = try HolderBinary()
    let store = try storeWithLooseObjects(binary)
    try binary.git.runGit(["config", "gc.auto", "0"], in: store)
    #expect(try binary.run(["add", "--store", store, "https://example.org/loose"]).status == 0)
    try waitForLock(store)
    let figures = try countObjects(binary, store)
    #expect(figures["count"]! > 1500)
    #expect(figures["packs"] == 0)
  }

  @Test func packedByHolderGitThenByGitGcAndTheOtherWayRoundStaysIntact() throws {
    let binary = try HolderBinary()
    let store = try storeWithLooseObjects(binary)
    // The test clock is in 2005: git gc would expire the reflog entry the test reads.
    try binary.git.runGit(["config", "gc.reflogExpire", "never"], in: store)
    try binary.git.runGit(["config", "gc.reflogExpireUnreachable", "never"], in: store)
    let packed = try binary.run(["pack", "--store", store])
    #expect(packed.status == 0, "\(packed.stderr)")
    #expect(packed.stdout.contains("left for git prune"))
    #expect(try countObjects(binary, store)["count"] == 1)
    try expectIntact(binary, store, bookmarks: 3)
    try binary.git.runGit(["gc", "--quiet"], in: store)
    try expectIntact(binary, store, bookmarks: 3)
    // The other way round: new loose objects from holder-git, git gc's pack, then ours.
    for n in 4...6 {
      #expect(try binary.run(["add", "--store", store, "https://example.org/\(n)"]).status == 0)
    }
    #expect(try countObjects(binary, store)["count"]! > 0)
    #expect(try binary.run(["pack", "--store", store]).status == 0)
    #expect(try countObjects(binary, store)["count"]! <= 1)
    try expectIntact(binary, store, bookmarks: 6)
    try expectIntactAfterGitGc(binary, store, editing: "https://example.org/4", bookmarks: 6)
  }

  @Test func eightAddsAtOnceAllLandWhileTheBackgroundPackerRuns() throws {
    let binary = try HolderBinary()
    let store = try storeWithLooseObjects(binary)
    try binary.git.runGit(["config", "gc.auto", "256"], in: store)
    let results = try onOwnThreads(8) { n in
      try binary.run(["add", "--store", store, "https://example.org/page/\(n + 1)"])
    }
    #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
    try waitForLock(store)
    #expect(try countObjects(binary, store)["count"]! < 100)
    try expectIntact(binary, store, bookmarks: 11)
  }

  @Test func bulkWritesLeaveOnePackNotLooseFiles() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let initial = try countObjects(binary, store)["count"]!
    let lines = (1...60).map { "https://bulk.example/\($0)\n" }.joined()
    #expect(
      try binary.run(["add", "-", "--tag", "old", "--store", store], stdin: Array(lines.utf8))
        .status == 0)
    let afterAdd = try countObjects(binary, store)
    // 60 blobs and their folders in a pack; the commit alone is loose.
    #expect(afterAdd["count"]! <= initial + 1)
    #expect(try binary.run(["tag", "rename", "old", "new", "--store", store]).status == 0)
    #expect(try countObjects(binary, store)["count"]! <= afterAdd["count"]! + 1)
    #expect(try binary.run(["tag", "delete", "new", "--store", store]).status == 0)
    #expect(try countObjects(binary, store)["count"]! <= afterAdd["count"]! + 2)
    try binary.git.runGit(["fsck", "--strict"], in: store)
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
    #expect(try binary.run(["check", "--store", store]).status == 0)
    let listed = try binary.run(["list", "--json", "--store", store])
    #expect(listed.stdout.components(separatedBy: "\"url\"").count - 1 == 60)
  }
}
