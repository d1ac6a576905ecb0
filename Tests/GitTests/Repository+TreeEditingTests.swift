import Git
import HolderTestSupport
import Testing

@Suite struct RepositoryTreeEditingTests {
  /// A repository whose HEAD holds bookmarks in three host folders plus unrelated files.
  private func makeStore(_ fixture: GitFixture) throws -> (path: String, tree: ObjectID) {
    let path = try fixture.initRepository()
    try fixture.commitFiles(
      [
        "README.md": "store\n",
        ".holder/store.json": "{}\n",
        "bookmarks/g/github.com/a.json": "a\n",
        "bookmarks/g/github.com/b.json": "b\n",
        "bookmarks/g/gitlab.com/c.json": "c\n",
        "bookmarks/k/ko.wikipedia.org/d.json": "d\n",
      ], message: "Seed", in: path)
    return (path, try #require(ObjectID(hex: try fixture.revParse("HEAD^{tree}", in: path))))
  }

  @Test func addsUpdatesAndRemovesNestedPaths() throws {
    let fixture = try GitFixture()
    let (path, tree) = try makeStore(fixture)
    let repository = try Repository.open(at: path)
    let new = try repository.writeBlob(Array("new\n".utf8))
    let changed = try repository.writeBlob(Array("a, edited\n".utf8))

    let result = try repository.tree(
      applying: [
        "bookmarks/e/example.org/new.json": .upsert(new, kind: .blob),
        "bookmarks/g/github.com/a.json": .upsert(changed, kind: .blob),
        "bookmarks/g/github.com/b.json": .remove,
      ], to: tree)

    let files = try fixture.runGit(["ls-tree", "-r", "--name-only", result.hex], in: path)
    #expect(
      files == """
        .holder/store.json
        README.md
        bookmarks/e/example.org/new.json
        bookmarks/g/github.com/a.json
        bookmarks/g/gitlab.com/c.json
        bookmarks/k/ko.wikipedia.org/d.json

        """)
    #expect(
      try fixture.runGit(
        ["cat-file", "-p", "\(result.hex):bookmarks/g/github.com/a.json"], in: path)
        == "a, edited\n")
  }

  @Test func foldersOffTheChangedPathsKeepTheirIDs() throws {
    let fixture = try GitFixture()
    let (path, tree) = try makeStore(fixture)
    let repository = try Repository.open(at: path)
    let changed = try repository.writeBlob(Array("a, edited\n".utf8))

    let result = try repository.tree(
      applying: ["bookmarks/g/github.com/a.json": .upsert(changed, kind: .blob)], to: tree)

    let before = try fixture.runGit(["ls-tree", "-r", "-t", tree.hex], in: path)
    let after = try fixture.runGit(["ls-tree", "-r", "-t", result.hex], in: path)
    let changedLines = Set(after.split(separator: "\n")).subtracting(before.split(separator: "\n"))
    // Only the file and the folders above it are new objects; siblings are shared.
    #expect(
      changedLines.map { $0.split(separator: "\t").last.map(String.init) ?? "" }.sorted() == [
        "bookmarks", "bookmarks/g", "bookmarks/g/github.com", "bookmarks/g/github.com/a.json",
      ])
  }

  @Test func foldersLeftEmptyAreRemoved() throws {
    let fixture = try GitFixture()
    let (path, tree) = try makeStore(fixture)
    let repository = try Repository.open(at: path)

    let result = try repository.tree(
      applying: [
        "bookmarks/k/ko.wikipedia.org/d.json": .remove,
        "bookmarks/g/gitlab.com/c.json": .remove,
      ], to: tree)

    #expect(
      try fixture.runGit(["ls-tree", "-r", "-t", "--name-only", result.hex], in: path) == """
        .holder
        .holder/store.json
        README.md
        bookmarks
        bookmarks/g
        bookmarks/g/github.com
        bookmarks/g/github.com/a.json
        bookmarks/g/github.com/b.json

        """)
  }

  @Test func removingEverythingGivesTheEmptyTreeAndAbsentPathsAreIgnored() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    try fixture.commitFiles(["only/one.json": "1\n"], message: "One", in: path)
    let repository = try Repository.open(at: path)
    let tree = try #require(ObjectID(hex: try fixture.revParse("HEAD^{tree}", in: path)))

    let result = try repository.tree(
      applying: ["only/one.json": .remove, "never/was.json": .remove], to: tree)

    #expect(result.hex == "4b825dc642cb6eb9a060e54bf8d69288fbee4904")
    #expect(try repository.tree(applying: [:], to: nil) == result)
    #expect(try repository.tree(applying: [:], to: tree) == tree)
  }

  @Test func buildsFromNothingWithEveryKindAndGitFsckAccepts() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    let repository = try Repository.open(at: path)
    let blob = try repository.writeBlob(Array("x\n".utf8))
    let target = try repository.writeBlob(Array("../x.json".utf8))
    let commit = try #require(ObjectID(hex: String(repeating: "12", count: 20)))

    let tree = try repository.tree(
      applying: [
        "a/x.json": .upsert(blob, kind: .blob),
        "a/run.sh": .upsert(blob, kind: .executable),
        "a/b/link.json": .upsert(target, kind: .symlink),
        "vendor/lib": .upsert(commit, kind: .submodule),
      ], to: nil)
    let signature = Signature(name: "T", email: "t@example.com", time: 1_112_911_993)
    let id = try repository.createCommit(
      tree: tree, parents: [], author: signature, committer: signature, message: "Kinds\n")
    try repository.updateReference("refs/heads/main", to: id, expected: nil, logMessage: "kinds")

    #expect(
      try fixture.runGit(["ls-tree", "-r", "--format=%(objectmode) %(path)", "HEAD"], in: path)
        == """
        120000 a/b/link.json
        100755 a/run.sh
        100644 a/x.json
        160000 vendor/lib

        """)
    try fixture.runGit(["fsck", "--strict", "--no-dangling"], in: path)
  }

  @Test func replacingAFolderAndEditingBelowItBuildsOnTheReplacement() throws {
    let fixture = try GitFixture()
    let (path, tree) = try makeStore(fixture)
    let repository = try Repository.open(at: path)
    let blob = try repository.writeBlob(Array("fresh\n".utf8))

    let result = try repository.tree(
      applying: ["bookmarks/g": .remove, "bookmarks/g/new.json": .upsert(blob, kind: .blob)],
      to: tree)

    #expect(
      try fixture.runGit(["ls-tree", "-r", "--name-only", "\(result.hex):bookmarks"], in: path)
        == "g/new.json\nk/ko.wikipedia.org/d.json\n")
  }

  @Test(arguments: ["/abs.json", "a//b.json", "a/", ""])
  func rejectsMalformedPaths(_ path: String) throws {
    let fixture = try GitFixture()
    let repository = try Repository.open(at: try fixture.initRepository())
    let blob = try repository.writeBlob([])

    #expect(throws: GitError.self) {
      try repository.tree(applying: [path: .upsert(blob, kind: .blob)], to: nil)
    }
  }

  @Test func refusesADotGitEntry() throws {
    let fixture = try GitFixture()
    let repository = try Repository.open(at: try fixture.initRepository())
    let blob = try repository.writeBlob([])

    #expect(throws: GitError.self) {
      try repository.tree(applying: [".git/config": .upsert(blob, kind: .blob)], to: nil)
    }
  }
}
