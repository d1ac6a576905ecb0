import Foundation
import Git
import HolderTestSupport
import Testing

@Suite struct RepositoryStatusTests {
  @Test func reportsModifiedUntrackedDeletedAndStagedLikeGitStatus() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    try fixture.commitFiles(
      ["a.json": "a\n", "b.json": "b\n", "c.json": "c\n", ".gitignore": "/ignored/\n"],
      message: "Seed", in: path)
    try fixture.scratch.write("a, edited\n", to: "repo/a.json")
    try FileManager.default.removeItem(atPath: fixture.path("repo/b.json"))
    try fixture.scratch.write("c, staged\n", to: "repo/c.json")
    try fixture.runGit(["add", "c.json"], in: path)
    try fixture.scratch.write("new\n", to: "repo/bookmarks/n/new.example/x.json")
    try fixture.scratch.write("staged\n", to: "repo/staged.json")
    try fixture.runGit(["add", "staged.json"], in: path)
    try fixture.scratch.write("skip\n", to: "repo/ignored/cache.json")

    let status = try Repository.open(at: path).status(pathspecs: nil)

    #expect(
      status == [
        StatusEntry(path: "a.json", inIndex: nil, inWorkTree: .modified),
        StatusEntry(path: "b.json", inIndex: nil, inWorkTree: .deleted),
        StatusEntry(path: "bookmarks/n/new.example/x.json", inIndex: nil, inWorkTree: .added),
        StatusEntry(path: "c.json", inIndex: .modified, inWorkTree: nil),
        StatusEntry(path: "staged.json", inIndex: .added, inWorkTree: nil),
      ])
    #expect(
      try fixture.runGit(["status", "--porcelain", "--untracked-files=all"], in: path) == """
         M a.json
         D b.json
        M  c.json
        A  staged.json
        ?? bookmarks/n/new.example/x.json

        """)
  }

  @Test func pathspecsLimitTheReport() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    try fixture.commitFiles(
      ["bookmarks/a.json": "a\n", ".holder/store.json": "{}\n"], message: "Seed", in: path)
    try fixture.scratch.write("a2\n", to: "repo/bookmarks/a.json")
    try fixture.scratch.write("{ }\n", to: "repo/.holder/store.json")
    try fixture.scratch.write("x\n", to: "repo/notes.txt")

    let status = try Repository.open(at: path).status(pathspecs: ["bookmarks", "notes.txt"])

    #expect(status.map(\.path) == ["bookmarks/a.json", "notes.txt"])
  }

  @Test func typeChangeIsReported() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    try fixture.commitFiles(["a.json": "a\n", "b.json": "b\n"], message: "Seed", in: path)
    try FileManager.default.removeItem(atPath: fixture.path("repo/b.json"))
    try FileManager.default.createSymbolicLink(
      atPath: fixture.path("repo/b.json"), withDestinationPath: "a.json")

    let status = try Repository.open(at: path).status(pathspecs: nil)

    #expect(status == [StatusEntry(path: "b.json", inIndex: nil, inWorkTree: .typeChanged)])
  }

  @Test func aCleanWorkTreeHasNoEntries() throws {
    let fixture = try GitFixture()
    let path = try makeRepositoryWithCommit(fixture)

    #expect(try Repository.open(at: path).status(pathspecs: nil) == [])
  }
}
