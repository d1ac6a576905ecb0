import Foundation
import HolderTestSupport
import Testing

/// A clone killed at any point leaves no store or a whole one.
///
/// The folder it was to make is absent (or as empty as it was given), or the clone is whole;
/// never a work tree with files missing, which `status` would list as deleted and the next
/// sync would send to the remote as deletions.
///
/// `HOLDER_GIT_CRASH_AT=N` kills the binary at its Nth durable step (a clone has one after
/// its fetch, one per file its checkout writes, and ones after the checkout and the move into
/// place); the unscheduled kills come when the clone's folder has so many files.
@Suite struct CloneCrashTests {
  private static let bookmarks = 2000
  private let binary: HolderBinary
  private let remote: String

  init() throws {
    binary = try HolderBinary()
    let source = binary.git.path("source")
    #expect(try binary.run(["init", source]).status == 0)
    let file = binary.git.path("import.jsonl")
    let lines = (0..<Self.bookmarks).map {
      #"{"url": "https://h\#($0 % 97).example.org/page\#($0)", "tags": ["t\#($0 % 7)"]}"#
    }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
    let imported = try binary.run(["import", file, "--store", source])
    #expect(imported.status == 0, "\(imported.stderr)")
    remote = binary.git.path("remote.git")
    try binary.git.runGit(["clone", "-q", "--bare", source, remote], in: binary.git.root)
  }

  private func git(_ args: String..., in repository: String) throws -> String {
    try binary.git.runGit(args, in: repository)
  }

  /// The bookmark files a commit of `repository` holds.
  private func committedBookmarks(in repository: String) throws -> Int {
    try git("ls-tree", "-r", "--name-only", "HEAD", "bookmarks", in: repository)
      .split(separator: "\n").count
  }

  /// The hidden folders of clones into `name` left beside it.
  private func stagings(of name: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: binary.git.root).filter {
      $0.hasPrefix(".\(name).holder-git-clone-")
    }
  }

  /// After a killed clone into `name`, nothing there (or the empty folder given) or a whole store.
  ///
  /// Either way the next clone or command gives a store with every bookmark, no hand edits,
  /// and a sync that changes nothing on the remote.
  private func expectNoneOrWhole(
    _ name: String, givenEmpty: Bool, _ sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let target = binary.git.path(name)
    let contents = try? FileManager.default.contentsOfDirectory(atPath: target)
    if !(contents ?? []).contains(".git") {
      // No store: nothing, or the folder given with the clone not yet moved into it whole.
      #expect(
        (contents != nil) == givenEmpty, "the folder given stays, no other is made",
        sourceLocation: sourceLocation)
      let again = try binary.run(["clone", remote, name])
      #expect(again.status == 0, "\(again.stderr)", sourceLocation: sourceLocation)
      #expect(try stagings(of: name).isEmpty, "a dead clone's folder is removed")
    }
    let status = try binary.run(["status", "--store", target])
    #expect(status.status == 0, "\(status.stderr)", sourceLocation: sourceLocation)
    #expect(
      status.stdout.contains("No uncommitted hand edits"), "\(status.stdout)",
      sourceLocation: sourceLocation)
    #expect(!status.stdout.contains("Deleted"), sourceLocation: sourceLocation)
    #expect(try git("status", "--porcelain", in: target) == "", sourceLocation: sourceLocation)
    // Whole means its tag views too, with no repair by a later command.
    let check = try binary.run(["check", "--store", target])
    #expect(check.status == 0, "\(check.stdout)", sourceLocation: sourceLocation)
    let listed = try binary.run(["list", "--json", "--store", target])
    let bookmarks = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [Any]
    #expect(bookmarks?.count == Self.bookmarks, sourceLocation: sourceLocation)
    let head = try binary.git.revParse("HEAD", in: remote)
    let sync = try binary.run(["sync", "--store", target])
    #expect(sync.status == 0, "\(sync.stderr)", sourceLocation: sourceLocation)
    #expect(
      try binary.git.revParse("HEAD", in: remote) == head, "the sync sent nothing",
      sourceLocation: sourceLocation)
    #expect(try committedBookmarks(in: remote) == Self.bookmarks, sourceLocation: sourceLocation)
    try FileManager.default.removeItem(atPath: target)
  }

  /// How many durable steps a clone into `name` takes, from an uncrashed run.
  private func steps(cloningInto name: String) throws -> Int {
    let countFile = binary.git.path("count")
    let counted = try binary.run(
      ["clone", remote, name], env: ["HOLDER_GIT_CRASH_COUNT": countFile])
    #expect(counted.status == 0, "\(counted.stderr)")
    try FileManager.default.removeItem(atPath: binary.git.path(name))
    return Int(
      try String(contentsOfFile: countFile, encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
  }

  @Test(arguments: [false, true])
  func aCloneKilledAtAnyStepLeavesNoStoreOrAWholeOne(givenEmpty: Bool) throws {
    let folder = binary.git.path("c")
    if givenEmpty {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    }
    let total = try steps(cloningInto: "c")
    #expect(total > Self.bookmarks, "a step per file the checkout writes")
    let points = [1, 2, Self.bookmarks / 3, Self.bookmarks] + Array(max(1, total - 8)...total)
    for point in points {
      // The empty folder a person made for it, perhaps to run the clone from inside.
      if givenEmpty {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
      }
      let killed = try binary.run(
        ["clone", remote, "c"], env: ["HOLDER_GIT_CRASH_AT": "\(point)"])
      #expect(killed.status != 0, "killed at step \(point) of \(total)")
      try expectNoneOrWhole("c", givenEmpty: givenEmpty)
    }
  }

  @Test func aCloneIntoTheFolderItRunsInKeepsThatFolder() throws {
    let folder = binary.git.path("here")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let inode = {
      try FileManager.default.attributesOfItem(atPath: folder)[.systemFileNumber] as? Int
    }
    let before = try inode()
    let cloned = try binary.run(["clone", remote, "."], in: folder)
    #expect(cloned.status == 0, "\(cloned.stderr)")
    // The shell that ran it is still in the store, not in a folder renamed away.
    #expect(try inode() == before)
    #expect(try binary.run(["status"], in: folder).stdout.contains("No uncommitted hand edits"))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(names.contains(".git") && !names.contains { $0.hasPrefix(".holder-git-clone-") })
  }

  @Test func aCloneKilledWhileItWritesFilesLeavesNoStore() throws {
    // Kills as a person would: whenever the clone's folder has so many files.
    for (number, files) in [0, 100, Self.bookmarks / 2, Self.bookmarks - 10].enumerated() {
      let name = "k\(number)"
      let process = Process()
      process.executableURL = URL(fileURLWithPath: HolderBinary.path)
      process.arguments = ["clone", remote, name]
      process.currentDirectoryURL = URL(fileURLWithPath: binary.git.root)
      process.environment = binary.environment()
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      while process.isRunning && writtenFiles(name) < files {
        usleep(200)
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      try expectNoneOrWhole(name, givenEmpty: false)
    }
  }

  /// The bookmark files written so far into a clone into `name`, wherever it is being made.
  private func writtenFiles(_ name: String) -> Int {
    let folders = [name] + ((try? stagings(of: name)) ?? [])
    return folders.reduce(0) { count, folder in
      let bookmarks = binary.git.path(folder + "/bookmarks")
      guard FileManager.default.fileExists(atPath: bookmarks) else { return count }
      let files = FileManager.default.enumerator(atPath: bookmarks)?.allObjects.count ?? 0
      return count + files
    }
  }

  @Test func aWholeCloneLeavesNothingBesideIt() throws {
    let cloned = try binary.run(["clone", remote, "whole"])
    #expect(cloned.status == 0, "\(cloned.stderr)")
    #expect(cloned.stderr.contains("Cloned \(Self.bookmarks) bookmarks"), "\(cloned.stderr)")
    #expect(try stagings(of: "whole").isEmpty)
    _ = try git("fsck", "--strict", in: binary.git.path("whole"))
    try expectNoneOrWhole("whole", givenEmpty: false)
  }
}
