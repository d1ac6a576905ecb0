import Foundation
import Git
import HolderTestSupport
import Testing

@Suite struct RepositoryIndexTests {
  /// Commits the current index state of `paths` the way the store does: blobs from the work
  /// tree, a tree built on HEAD's, a commit, a compare-and-swap of main.
  private func commitThroughTheAPI(
    _ repository: Repository, writing files: [String: String], removing removed: [String] = [],
    fixture: GitFixture
  ) throws {
    let workTree = try #require(repository.workDirectory)
    var changes: [String: TreeChange] = [:]
    for (path, contents) in files {
      try Data(contents.utf8).write(to: URL(fileURLWithPath: workTree + "/" + path))
      changes[path] = .upsert(try repository.writeBlob(Array(contents.utf8)), kind: .blob)
    }
    for path in removed {
      try FileManager.default.removeItem(atPath: workTree + "/" + path)
      changes[path] = .remove
    }
    let head = try #require(try repository.resolveReference("HEAD"))
    let tree = try repository.tree(applying: changes, to: try repository.commit(head).tree)
    let signature = Signature(name: "T", email: "t@example.com", time: fixture.clock)
    let commit = try repository.createCommit(
      tree: tree, parents: [head], author: signature, committer: signature, message: "Edit\n")
    try repository.updateReference(
      "refs/heads/main", to: commit, expected: head, logMessage: "commit: Edit")
    try repository.updateIndex(
      files.keys.map { .addFromWorkTree(path: $0) } + removed.map { .remove(path: $0) })
  }

  @Test func addAndRemoveLeaveGitStatusClean() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    try fixture.commitFiles(
      ["bookmarks/a.json": "a\n", "bookmarks/old.json": "old\n"], message: "Seed", in: path)
    let repository = try Repository.open(at: path)

    try commitThroughTheAPI(
      repository, writing: ["bookmarks/a.json": "a2\n", "bookmarks/new.json": "n\n"],
      removing: ["bookmarks/old.json"], fixture: fixture)

    #expect(try fixture.runGit(["status", "--porcelain"], in: path) == "")
    #expect(
      try fixture.runGit(["ls-files", "-s"], in: path)
        == (try fixture.runGit(
          ["ls-tree", "-r", "--format=%(objectmode) %(objectname) 0\t%(path)", "HEAD"], in: path)))
    #expect(try repository.status(pathspecs: nil) == [])
    try fixture.runGit(["fsck", "--strict", "--no-dangling"], in: path)
  }

  @Test func indexVersion4IsWrittenAndGitReadsIt() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    try fixture.commitFiles(["bookmarks/a/b.json": "a\n"], message: "Seed", in: path)
    let repository = try Repository.open(at: path)
    try repository.setIndexVersion(4)
    let header = Array(try Data(contentsOf: URL(fileURLWithPath: path + "/.git/index")).prefix(8))
    #expect(header == Array("DIRC".utf8) + [0, 0, 0, 4])
    try commitThroughTheAPI(
      repository, writing: ["bookmarks/a/c.json": "c\n"], fixture: fixture)
    #expect(try fixture.runGit(["status", "--porcelain"], in: path) == "")
    let files = try fixture.runGit(["ls-files"], in: path)
    #expect(files == "bookmarks/a/b.json\nbookmarks/a/c.json\n")
  }

  @Test func failsWithLockedWhileAnotherProcessHoldsTheIndex() throws {
    let fixture = try GitFixture()
    let path = try makeRepositoryWithCommit(fixture)
    try fixture.scratch.write("new\n", to: "repo/new.txt")
    try fixture.scratch.write("", to: "repo/.git/index.lock")
    let repository = try Repository.open(at: path)

    #expect {
      try repository.updateIndex([.addFromWorkTree(path: "new.txt")])
    } throws: { error in
      (error as? GitError)?.code == .locked
    }
    #expect(try fixture.runGit(["ls-files"], in: path) == "file.txt\n")

    try FileManager.default.removeItem(atPath: fixture.path("repo/.git/index.lock"))
    try repository.updateIndex([.addFromWorkTree(path: "new.txt")])
    #expect(try fixture.runGit(["ls-files"], in: path) == "file.txt\nnew.txt\n")
  }

  @Test func picksUpWhatGitStagedMeanwhile() throws {
    let fixture = try GitFixture()
    let path = try makeRepositoryWithCommit(fixture)
    let repository = try Repository.open(at: path)
    try fixture.scratch.write("mine\n", to: "repo/mine.txt")
    try repository.updateIndex([.addFromWorkTree(path: "mine.txt")])
    try fixture.scratch.write("theirs\n", to: "repo/theirs.txt")
    try fixture.runGit(["add", "theirs.txt"], in: path)
    try fixture.scratch.write("again\n", to: "repo/again.txt")

    try repository.updateIndex([.addFromWorkTree(path: "again.txt")])

    #expect(
      try fixture.runGit(["ls-files"], in: path) == "again.txt\nfile.txt\nmine.txt\ntheirs.txt\n")
  }

  @Test func aSplitIndexIsRefusedWithAClearError() throws {
    let fixture = try GitFixture()
    let path = try makeRepositoryWithCommit(fixture)
    try fixture.runGit(["update-index", "--split-index"], in: path)
    try fixture.scratch.write("new\n", to: "repo/new.txt")
    let repository = try Repository.open(at: path)

    #expect {
      try repository.updateIndex([.addFromWorkTree(path: "new.txt")])
    } throws: { error in
      let error = try #require(error as? GitError)
      return error.code == .unsupportedRepository
        && error.errorDescription
          == "repository uses a split index; run 'git update-index --no-split-index'"
    }
    #expect {
      try repository.status(pathspecs: nil)
    } throws: { error in
      (error as? GitError)?.code == .unsupportedRepository
    }
  }

  @Test func stagingOneFileInALargeIndexIsFast() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    // fast-import and a hard reset let git itself write the 10,000 files: much faster than
    // creating them one by one from here.
    var stream = "commit refs/heads/main\ncommitter C <c@example.com> 1112911993 -0700\n"
    stream += "data 12\nTen thousand\n"
    for index in 0..<10_000 {
      let contents = "{\"n\": \(index)}\n"
      stream += "M 100644 inline bookmarks/\(index % 26)/host\(index % 300)/b\(index).json\n"
      stream += "data \(contents.utf8.count)\n\(contents)\n"
    }
    try fixture.runGit(["fast-import", "--quiet"], in: path, stdin: Array(stream.utf8))
    try fixture.runGit(["reset", "-q", "--hard", "main"], in: path)
    #expect(try fixture.runGit(["ls-files"], in: path).split(separator: "\n").count == 10_000)
    let repository = try Repository.open(at: path)
    try fixture.scratch.write("{\"n\": -1}\n", to: "repo/bookmarks/0/host0/b0.json")
    try repository.updateIndex([.addFromWorkTree(path: "bookmarks/0/host0/b0.json")])
    try fixture.scratch.write("{\"n\": -2}\n", to: "repo/bookmarks/0/host0/b0.json")

    let clock = ContinuousClock()
    let elapsed = try clock.measure {
      try repository.updateIndex([.addFromWorkTree(path: "bookmarks/0/host0/b0.json")])
    }

    // A few milliseconds is the goal; the bound leaves room for a busy CI machine.
    #expect(elapsed < .milliseconds(150), "updateIndex took \(elapsed)")
    #expect(
      try fixture.runGit(["status", "--porcelain"], in: path)
        == "M  bookmarks/0/host0/b0.json\n")
  }
}
