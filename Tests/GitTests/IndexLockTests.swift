import Foundation
import Git
import HolderTestSupport
import Testing

/// git's `index.lock` held across a write: plain git is kept out while it is held, and the
/// index written through it (by the splice, or by libgit2 into a copy) is the one `git add`
/// makes for the same work tree, with nothing left behind in `.git`.
@Suite struct IndexLockTests {
  private enum Writer: CaseIterable, Sendable {
    case splice, libgit2Update, libgit2KnownBlobs
  }

  @Test(arguments: Writer.allCases)
  private func theIndexWrittenThroughTheLockIsGits(writer: Writer) throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    var seed: [String: String] = [:]
    for n in 0..<40 { seed["bookmarks/\(n % 5)/page-\(n).json"] = "{\"n\": \(n)}\n" }
    try fixture.commitFiles(seed, message: "Seed", in: path)
    let repository = try Repository.open(at: path)

    let lock = try repository.lockIndex()
    #expect(throws: ProcessFailure.self) {
      try fixture.runGit(["commit", "--allow-empty", "-m", "x"], in: path)
    }
    #expect(throws: GitError.self) { try repository.lockIndex() }
    let written = ["bookmarks/1/page-1.json": "changed\n", "bookmarks/9/new.json": "new\n"]
    var blobs: [(path: String, id: ObjectID)] = []
    for (file, contents) in written.sorted(by: { $0.key < $1.key }) {
      let url = URL(fileURLWithPath: path + "/" + file)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
      blobs.append((file, try repository.writeBlob(Array(contents.utf8))))
    }
    let removed = "bookmarks/2/page-2.json"
    try FileManager.default.removeItem(atPath: path + "/" + removed)
    switch writer {
    case .splice:
      #expect(
        try repository.spliceIndex(writes: blobs, removals: [removed], durable: true, through: lock)
      )
    case .libgit2Update:
      try repository.updateIndex(
        blobs.map { .addFromWorkTree(path: $0.path) } + [.remove(path: removed)], through: lock)
    case .libgit2KnownBlobs:
      try repository.stageWrittenFiles(blobs, through: lock)
      try fixture.runGit(["rm", "-q", "--cached", removed], in: path)
    }
    #expect(!lock.isHeld)

    let status = try fixture.runGit(["status", "--porcelain", "--untracked-files=all"], in: path)
    #expect(
      Set(status.split(separator: "\n").map(String.init)) == [
        "M  bookmarks/1/page-1.json", "A  bookmarks/9/new.json", "D  " + removed,
      ])
    let ours = try fixture.runGit(["ls-files", "-s", "--debug"], in: path)
    try fixture.runGit(["add", "-A"], in: path)
    #expect(try fixture.runGit(["ls-files", "-s"], in: path) == (try stagesOnly(ours)))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: path + "/.git")
      .filter { $0.hasPrefix(".index") || $0 == "index.lock" }
    #expect(leftovers.isEmpty)
    try fixture.runGit(["commit", "-q", "-m", "after"], in: path)
    try fixture.runGit(["fsck", "--strict", "--full"], in: path)
  }

  @Test func aLockLetGoWritesNothingAndALockOfADeadHolderIsKnown() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    try fixture.commitFiles(["a.json": "a\n"], message: "Seed", in: path)
    let repository = try Repository.open(at: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path + "/.git/index"))
    let lock = try repository.lockIndex()
    // This process is alive: its lock is not a dead holder's.
    #expect(!IndexLock.isLeftByDeadHolder(at: lock.path))
    lock.release()
    #expect(!FileManager.default.fileExists(atPath: path + "/.git/index.lock"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path + "/.git/index")) == before)

    let gone = Process()
    gone.executableURL = URL(fileURLWithPath: "/bin/true")
    try gone.run()
    gone.waitUntilExit()
    try Data("holder-git \(gone.processIdentifier)\n".utf8)
      .write(to: URL(fileURLWithPath: path + "/.git/index.lock"))
    #expect(IndexLock.isLeftByDeadHolder(at: path + "/.git/index.lock"))
    // git's own lock, or one with anything else in it, is never taken for holder-git's.
    try Data("DIRC".utf8).write(to: URL(fileURLWithPath: path + "/.git/index.lock"))
    #expect(!IndexLock.isLeftByDeadHolder(at: path + "/.git/index.lock"))
  }

  /// The `ls-files -s` lines of an `ls-files -s --debug` listing.
  private func stagesOnly(_ debug: String) throws -> String {
    debug.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { $0 + "\n" }.joined()
  }
}
