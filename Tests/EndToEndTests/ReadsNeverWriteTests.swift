import Foundation
import HolderTestSupport
import Testing

/// A reading command changes nothing on disk (DESIGN §4a), whatever state it finds.
///
/// The states: tag views a fast-forward `git pull` left stale, a merge `git pull` made, an
/// operation a kill interrupted. It says what the next write will finish; that write does.
///
/// Only `.holder/local` may change: the machine's caches (the search index, the history) and
/// its recent searches, which may be deleted at any time.
@Suite struct ReadsNeverWriteTests {
  static let reads: [[String]] = [
    ["list"], ["list", "--tag", "news"], ["search", "example"], ["show", "https://x.example/"],
    ["status"], ["conflicts"], ["log"], ["diff", "HEAD"], ["tags"], ["export", "--format", "json"],
    ["check"], ["remote", "list"],
  ]

  /// Every file and link under `root` but `.holder/local`, with its bytes (a link: its
  /// target), mode and modification time.
  private func snapshot(_ root: String) throws -> [String: String] {
    var result: [String: String] = [:]
    let files = FileManager.default
    guard let walker = files.enumerator(atPath: root) else { return result }
    while let relative = walker.nextObject() as? String {
      if relative.hasPrefix(".holder/local") { continue }
      let path = root + "/" + relative
      let attributes = try files.attributesOfItem(atPath: path)
      let kind = attributes[.type] as? FileAttributeType
      let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      let mode = (attributes[.posixPermissions] as? Int) ?? 0
      var content = ""
      if kind == .typeSymbolicLink {
        content = try files.destinationOfSymbolicLink(atPath: path)
      } else if kind == .typeRegular {
        content = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
      }
      result[relative] = "\(kind?.rawValue ?? "?") \(mode) \(time) \(content)"
    }
    return result
  }

  private func expectReadsChangeNothing(
    _ binary: HolderBinary, _ store: String, saying note: String?
  ) throws {
    for read in Self.reads {
      let before = try snapshot(store)
      let result = try binary.run(read + ["--store", store])
      #expect([0, 1].contains(result.status), "\(read): \(result.stderr)")
      let after = try snapshot(store)
      let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
      #expect(changed.isEmpty, "\(read) changed \(changed.sorted())")
      if let note, read != ["status"] {
        #expect(result.stderr.contains(note), "\(read): \(result.stderr)")
      }
    }
  }

  /// A laptop and a phone sharing a remote, X saved and tagged on both.
  private func twoMachines(_ binary: HolderBinary) throws -> (laptop: String, phone: String) {
    let remote = binary.git.path("remote.git")
    let (laptop, phone) = (binary.git.path("laptop"), binary.git.path("phone"))
    try binary.git.runGit(["init", "-q", "--bare", remote], in: binary.git.root)
    #expect(try binary.run(["init", laptop]).status == 0)
    #expect(try binary.run(["remote", "add", "--store", laptop, "origin", remote]).status == 0)
    let add = ["add", "--store", laptop, "https://x.example/", "--tag", "news", "--no-fetch"]
    #expect(try binary.run(add).status == 0)
    #expect(try binary.run(["sync", "--store", laptop]).status == 0)
    #expect(try binary.run(["clone", remote, phone]).status == 0)
    return (laptop, phone)
  }

  @Test func aReadAfterAFastForwardPullLeavesTheStaleViewsToTheNextWrite() throws {
    let binary = try HolderBinary()
    let (laptop, phone) = try twoMachines(binary)
    let tag = ["edit", "--store", phone, "https://x.example/", "--add-tag", "trip"]
    #expect(try binary.run(tag).status == 0)
    #expect(try binary.run(["sync", "--store", phone]).status == 0)
    try binary.git.runGit(["pull", "-q", "--no-rebase", "origin", "main"], in: laptop)

    try expectReadsChangeNothing(binary, laptop, saying: nil)
    #expect(!FileManager.default.fileExists(atPath: laptop + "/tags/trip"))
    // The next write brings the views along.
    #expect(try binary.run(["check", "--fix", "--store", laptop]).status == 0)
    #expect(FileManager.default.fileExists(atPath: laptop + "/tags/trip"))
    #expect(try binary.run(["check", "--store", laptop]).status == 0)
  }

  @Test func aReadAfterAMergingPullSaysTheNextWriteSettlesIt() throws {
    let binary = try HolderBinary()
    let (laptop, phone) = try twoMachines(binary)
    let phoneAdd = ["add", "--store", phone, "https://y.example/", "--no-fetch"]
    #expect(try binary.run(phoneAdd).status == 0)
    #expect(try binary.run(["sync", "--store", phone]).status == 0)
    let laptopAdd = ["add", "--store", laptop, "https://z.example/", "--no-fetch"]
    #expect(try binary.run(laptopAdd).status == 0)
    try binary.git.runGit(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: laptop)

    try expectReadsChangeNothing(binary, laptop, saying: "settled by the next command")
    // Settled (a clean merge needs no change, so it says nothing), and no longer noted.
    #expect(try binary.run(["check", "--fix", "--store", laptop]).status == 0)
    let listed = try binary.run(["list", "--store", laptop])
    #expect(!listed.stderr.contains("settled by the next command"), "\(listed.stderr)")
  }

  @Test func aReadAfterAKillSaysTheNextWriteFinishesIt() throws {
    let binary = try HolderBinary()
    let (laptop, _) = try twoMachines(binary)
    // Killed after its commit, before the work tree followed: the journal is there.
    var point = 1
    while true {
      let killed = try binary.run(
        ["add", "--store", laptop, "https://k\(point).example/", "--tag", "news", "--no-fetch"],
        env: ["HOLDER_GIT_CRASH_AT": "\(point)"])
      if killed.status == 0 {
        Issue.record("no kill point leaves a journal")
        return
      }
      if FileManager.default.fileExists(atPath: laptop + "/.git/holder-git-journal") { break }
      point += 1
    }
    try expectReadsChangeNothing(binary, laptop, saying: "an operation was interrupted")
    let status = try binary.run(["status", "--store", laptop])
    #expect(status.stdout.contains("No uncommitted hand edits"), "\(status.stdout)")
    #expect(status.stdout.contains("interrupted"), "\(status.stdout)")

    let finished = try binary.run(["check", "--fix", "--store", laptop])
    #expect(finished.stderr.contains("interrupted operation"), "\(finished.stderr)")
    #expect(!FileManager.default.fileExists(atPath: laptop + "/.git/holder-git-journal"))
    #expect(try binary.run(["check", "--store", laptop]).status == 0)
  }
}
