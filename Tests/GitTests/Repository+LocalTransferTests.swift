import Foundation
import HolderTestSupport
import Testing

@testable import Git

/// A push to a bare repository on this machine writes what the remote lacks straight into it,
/// and a fetch from one reads what this repository lacks straight out of it:
/// exactly the objects `git rev-list --objects` names, a `git fsck --strict` that finds both
/// whole, the branch and the remote-tracking reference moved.
@Suite struct RepositoryLocalTransferTests {
  /// A work tree with 48 files in nested folders, pushed by plain git to a bare remote
  /// `origin`, and fetched back so that `origin/main` exists.
  private func pushedStore(_ fixture: GitFixture) throws -> (work: String, bare: String) {
    let bare = try fixture.initRepository("remote.git", bare: true)
    let work = try fixture.initRepository("work")
    var files: [String: String] = [:]
    for n in 0..<48 { files["bookmarks/\(n % 4)/h\(n % 6).example/p\(n).json"] = "{\"n\": \(n)}\n" }
    try fixture.commitFiles(files, message: "Seed", in: work)
    try fixture.runGit(["remote", "add", "origin", bare], in: work)
    try fixture.runGit(["push", "-q", "origin", "main"], in: work)
    try fixture.runGit(["fetch", "-q", "origin"], in: work)
    return (work, bare)
  }

  /// How many objects a repository's packs and loose folders hold.
  private func objectCount(_ fixture: GitFixture, _ bare: String) throws -> Int {
    var total = 0
    for line in try fixture.runGit(["count-objects", "-v"], in: bare).split(separator: "\n") {
      let parts = line.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
      if parts.count == 2, parts[0] == "count" || parts[0] == "in-pack", let value = Int(parts[1]) {
        total += value
      }
    }
    return total
  }

  @Test func aPushToABareRepositoryOnThisMachineSendsExactlyWhatItLacks() throws {
    let fixture = try GitFixture()
    let (work, bare) = try pushedStore(fixture)
    let before = try fixture.revParse("main", in: bare)
    let objectsBefore = try objectCount(fixture, bare)
    // Edits, an addition, a deletion, a file moved, and a merge of a side branch.
    try fixture.runGit(["checkout", "-q", "-b", "side"], in: work)
    try fixture.commitFiles(
      [
        "bookmarks/1/h1.example/p1.json": "{\"side\": 1}\n",
        "bookmarks/9/new.example/x.json": "x\n",
      ],
      message: "Side", in: work)
    try fixture.runGit(["checkout", "-q", "main"], in: work)
    try fixture.runGit(["rm", "-q", "bookmarks/2/h2.example/p2.json"], in: work)
    try fixture.runGit(
      ["mv", "bookmarks/3/h3.example/p3.json", "bookmarks/3/h3.example/moved.json"], in: work)
    try fixture.commitFiles(
      ["bookmarks/0/h0.example/p0.json": "{\"edited\": 0}\n"], message: "Main", in: work)
    fixture.tick()
    try fixture.runGit(["merge", "-q", "--no-ff", "-m", "Merge side", "side"], in: work)
    let tip = try fixture.revParse("main", in: work)
    let expected = try fixture.runGit(["rev-list", "--objects", "main", "^" + before], in: work)
      .split(separator: "\n").count

    let repository = try Repository.open(at: work)
    let result = try repository.pushOnThisMachine(
      remote: "origin", refspecs: ["refs/heads/main:refs/heads/main"])

    #expect(result?.rejected == [:])
    #expect(try fixture.revParse("main", in: bare) == tip)
    #expect(try fixture.revParse("refs/remotes/origin/main", in: work) == tip)
    #expect(try objectCount(fixture, bare) == objectsBefore + expected)
    try fixture.runGit(["fsck", "--strict", "--no-progress"], in: bare)
    let clone = fixture.path("clone")
    try fixture.runGit(["clone", "-q", bare, clone], in: fixture.root)
    #expect(try fixture.runGit(["diff", "--stat", "main", "origin/main"], in: work) == "")
    #expect(
      try String(contentsOfFile: clone + "/bookmarks/0/h0.example/p0.json", encoding: .utf8)
        == "{\"edited\": 0}\n")
  }

  @Test func aFileURLAndANewBranchAreWrittenStraightInToo() throws {
    let fixture = try GitFixture()
    let (work, bare) = try pushedStore(fixture)
    let tip = try fixture.commitFiles(
      ["bookmarks/5/a.example/a.json": "a\n"], message: "A", in: work)
    let repository = try Repository.open(at: work)

    let result = try repository.pushOnThisMachine(
      remote: "file://" + bare, refspecs: ["refs/heads/main:refs/heads/topic"])

    #expect(result?.rejected == [:])
    #expect(try fixture.revParse("topic", in: bare) == tip)
    try fixture.runGit(["fsck", "--strict", "--no-progress"], in: bare)
    // Nothing new: the same push again moves nothing and writes nothing.
    let objects = try objectCount(fixture, bare)
    #expect(
      try repository.pushOnThisMachine(
        remote: "file://" + bare, refspecs: ["refs/heads/main:refs/heads/topic"])?.rejected
        == [:])
    #expect(try objectCount(fixture, bare) == objects)
  }

  @Test func aRemoteThatMovedIsANonFastForwardThatChangesNothing() throws {
    let fixture = try GitFixture()
    let (work, bare) = try pushedStore(fixture)
    let other = fixture.path("other")
    try fixture.runGit(["clone", "-q", bare, other], in: fixture.root)
    let theirs = try fixture.commitFiles(["c.json": "{}\n"], message: "Theirs", in: other)
    try fixture.runGit(["push", "-q", "origin", "main"], in: other)
    try fixture.commitFiles(["b.json": "{}\n"], message: "Ours", in: work)
    let objects = try objectCount(fixture, bare)
    let repository = try Repository.open(at: work)

    #expect {
      try repository.push(remote: "origin", refspecs: ["refs/heads/main:refs/heads/main"])
    } throws: { error in
      (error as? GitError)?.code == .nonFastForward
    }
    #expect(try fixture.revParse("main", in: bare) == theirs)
    #expect(try objectCount(fixture, bare) == objects)
  }

  @Test func aForcedRefspecOrARemoteWithAWorkTreeIsLeftToLibGit2() throws {
    let fixture = try GitFixture()
    let (work, _) = try pushedStore(fixture)
    let repository = try Repository.open(at: work)
    #expect(
      try repository.pushOnThisMachine(
        remote: "origin", refspecs: ["+refs/heads/main:refs/heads/main"]) == nil)
    let nonBare = try fixture.initRepository("non-bare")
    #expect(
      try repository.pushOnThisMachine(
        remote: nonBare, refspecs: ["refs/heads/main:refs/heads/main"]) == nil)
  }

  /// `git rev-list --objects TIP ^HAVE` counted in `repository`.
  private func newObjects(
    _ fixture: GitFixture, _ tip: String, _ have: String, in repository: String
  ) throws -> Int {
    try fixture.runGit(["rev-list", "--objects", tip, "^" + have], in: repository)
      .split(separator: "\n").count
  }

  @Test func aFetchFromABareRepositoryOnThisMachineReadsExactlyWhatThisOneLacks() throws {
    let fixture = try GitFixture()
    let (work, bare) = try pushedStore(fixture)
    let ours = try fixture.revParse("main", in: work)
    let other = fixture.path("other")
    try fixture.runGit(["clone", "-q", bare, other], in: fixture.root)
    try fixture.runGit(["rm", "-q", "bookmarks/2/h2.example/p2.json"], in: other)
    try fixture.commitFiles(
      [
        "bookmarks/0/h0.example/p0.json": "{\"theirs\": 0}\n",
        "bookmarks/7/n.example/n.json": "n\n",
      ],
      message: "Theirs", in: other)
    try fixture.runGit(["push", "-q", "origin", "main"], in: other)
    let theirs = try fixture.revParse("main", in: other)
    let expected = try newObjects(fixture, theirs, ours, in: other)
    let objects = try objectCount(fixture, work)
    let repository = try Repository.open(at: work)

    #expect(
      try repository.fetchOnThisMachine(
        remote: "origin", refspecs: ["+refs/heads/main:refs/remotes/origin/main"]))

    #expect(try fixture.revParse("refs/remotes/origin/main", in: work) == theirs)
    #expect(try objectCount(fixture, work) == objects + expected)
    try fixture.runGit(["fsck", "--strict", "--no-progress"], in: work)
    try fixture.runGit(["merge", "-q", "--ff-only", "origin/main"], in: work)
    #expect(
      try String(contentsOfFile: work + "/bookmarks/0/h0.example/p0.json", encoding: .utf8)
        == "{\"theirs\": 0}\n")
    // Nothing new: the same fetch again reads nothing.
    #expect(
      try repository.fetchOnThisMachine(
        remote: "origin", refspecs: ["+refs/heads/main:refs/remotes/origin/main"]))
    #expect(try objectCount(fixture, work) == objects + expected)
  }

  @Test func aBranchTheRemoteLacksOrAnotherRefspecIsLeftToLibGit2() throws {
    let fixture = try GitFixture()
    let (work, _) = try pushedStore(fixture)
    let repository = try Repository.open(at: work)
    #expect(
      try !repository.fetchOnThisMachine(
        remote: "origin", refspecs: ["+refs/heads/none:refs/remotes/origin/none"]))
    #expect(
      try !repository.fetchOnThisMachine(
        remote: "origin", refspecs: ["refs/heads/main:refs/heads/copy"]))
  }
}
