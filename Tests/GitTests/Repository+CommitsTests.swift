import Git
import HolderTestSupport
import Testing

@Suite struct RepositoryCommitsTests {
  @Test func createdCommitShowsInGitLogExactly() throws {
    let fixture = try GitFixture()
    let path = try makeRepositoryWithCommit(fixture)
    let repository = try Repository.open(at: path)
    let parent = try #require(ObjectID(hex: try fixture.revParse("HEAD", in: path)))
    let blob = try repository.writeBlob(Array("{}\n".utf8))
    let tree = try repository.tree(
      applying: ["bookmarks/e/example.org/x.json": .upsert(blob, kind: .blob)],
      to: try repository.commit(parent).tree)
    let author = Signature(
      name: "Ada Lovelace", email: "ada@example.org", time: 1_700_000_000, offsetMinutes: 330)
    let committer = Signature(
      name: "holder-git", email: "bot@example.org", time: 1_700_000_060, offsetMinutes: -420)
    let message = "Add \"Example\"\n\nBookmark: https://example.org/x\n"

    let id = try repository.createCommit(
      tree: tree, parents: [parent], author: author, committer: committer, message: message)
    try repository.updateReference(
      "refs/heads/main", to: id, expected: parent, logMessage: "commit: Add \"Example\"")

    #expect(
      try fixture.runGit(
        ["log", "-1", "--format=%H%n%P%n%an <%ae> %ad%n%cn <%ce> %cd", "--date=raw"], in: path)
          == """
          \(id.hex)
          \(parent.hex)
          Ada Lovelace <ada@example.org> 1700000000 +0530
          holder-git <bot@example.org> 1700000060 -0700

          """)
    #expect(try fixture.runGit(["log", "-1", "--format=%B"], in: path) == message + "\n")
    try fixture.runGit(["fsck", "--strict", "--no-dangling"], in: path)
  }

  @Test func createCommitMovesNoReference() throws {
    let fixture = try GitFixture()
    let path = try makeRepositoryWithCommit(fixture)
    let repository = try Repository.open(at: path)
    let head = try fixture.revParse("HEAD", in: path)
    let signature = Signature(name: "T", email: "t@example.com", time: 1)

    let id = try repository.createCommit(
      tree: try repository.tree(applying: [:], to: nil), parents: [],
      author: signature, committer: signature, message: "Orphan")

    #expect(try fixture.revParse("HEAD", in: path) == head)
    #expect(try fixture.runGit(["cat-file", "-t", id.hex], in: path) == "commit\n")
  }

  @Test func commitReadsWhatGitWrote() throws {
    let fixture = try GitFixture()
    let path = try makeRepositoryWithCommit(fixture)
    try fixture.runGit(["checkout", "-q", "-b", "side"], in: path)
    let side = try fixture.commitFiles(["side.txt": "s\n"], message: "Side", in: path)
    try fixture.runGit(["checkout", "-q", "main"], in: path)
    let main = try fixture.commitFiles(["main.txt": "m\n"], message: "Main", in: path)
    fixture.tick()
    try fixture.runGit(
      ["merge", "-q", "--no-ff", "-m", "Merge side\n\nBody line", "side"], in: path)
    let merge = try #require(ObjectID(hex: try fixture.revParse("HEAD", in: path)))

    let commit = try Repository.open(at: path).commit(merge)

    #expect(commit.id == merge)
    #expect(commit.parents.map(\.hex) == [main, side])
    #expect(commit.tree.hex == (try fixture.revParse("HEAD^{tree}", in: path)))
    #expect(
      commit.author
        == Signature(
          name: "A U Thor", email: "author@example.com", time: fixture.clock,
          offsetMinutes: -420))
    #expect(commit.committer.name == "C O Mitter")
    #expect(commit.message == "Merge side\n\nBody line\n")
  }

  @Test func walkCommitsVisitsNewestFirstLikeGitLog() throws {
    let fixture = try GitFixture()
    let path = try makeRepositoryWithCommit(fixture)
    try fixture.runGit(["checkout", "-q", "-b", "side"], in: path)
    try fixture.commitFiles(["side1.txt": "1\n"], message: "Side 1", in: path)
    try fixture.runGit(["checkout", "-q", "main"], in: path)
    try fixture.commitFiles(["main1.txt": "1\n"], message: "Main 1", in: path)
    try fixture.runGit(["checkout", "-q", "side"], in: path)
    try fixture.commitFiles(["side2.txt": "2\n"], message: "Side 2", in: path)
    try fixture.runGit(["checkout", "-q", "main"], in: path)
    fixture.tick()
    try fixture.runGit(["merge", "-q", "--no-ff", "-m", "Merge", "side"], in: path)
    try fixture.commitFiles(["main2.txt": "2\n"], message: "Main 2", in: path)
    let repository = try Repository.open(at: path)
    let head = try #require(ObjectID(hex: try fixture.revParse("HEAD", in: path)))

    var messages: [String] = []
    try repository.walkCommits(from: head) { commit in
      messages.append(commit.message.trimmingCharacters(in: .newlines))
      return true
    }

    let expected = try fixture.runGit(["log", "--date-order", "--format=%s"], in: path)
    #expect(messages == expected.split(separator: "\n").map(String.init))
    #expect(messages == ["Main 2", "Merge", "Side 2", "Main 1", "Side 1", "Base"])
  }

  @Test func walkCommitsStopsWhenTheBodySaysSo() throws {
    let fixture = try GitFixture()
    let path = try makeRepositoryWithCommit(fixture)
    for index in 1...5 {
      try fixture.commitFiles(["n.txt": "\(index)\n"], message: "Edit \(index)", in: path)
    }
    let head = try #require(ObjectID(hex: try fixture.revParse("HEAD", in: path)))

    var seen: [String] = []
    try Repository.open(at: path).walkCommits(from: head) { commit in
      seen.append(commit.message)
      return seen.count < 2
    }

    #expect(seen == ["Edit 5\n", "Edit 4\n"])
  }

  @Test func walkCommitsRethrowsTheBodysError() throws {
    struct Stop: Error {}
    let fixture = try GitFixture()
    let path = try makeRepositoryWithCommit(fixture)
    let head = try #require(ObjectID(hex: try fixture.revParse("HEAD", in: path)))

    #expect(throws: Stop.self) {
      try Repository.open(at: path).walkCommits(from: head) { _ in throw Stop() }
    }
  }

  @Test func descendantsAndMergeBases() throws {
    let fixture = try GitFixture()
    let path = try makeRepositoryWithCommit(fixture)
    let base = try #require(ObjectID(hex: try fixture.revParse("HEAD", in: path)))
    try fixture.runGit(["checkout", "-q", "-b", "side"], in: path)
    let side = try #require(
      ObjectID(hex: try fixture.commitFiles(["s": "s\n"], message: "S", in: path)))
    try fixture.runGit(["checkout", "-q", "main"], in: path)
    let main = try #require(
      ObjectID(hex: try fixture.commitFiles(["m": "m\n"], message: "M", in: path)))
    let repository = try Repository.open(at: path)

    #expect(try repository.isDescendant(main, of: base))
    #expect(try !repository.isDescendant(base, of: main))
    #expect(try !repository.isDescendant(main, of: side))
    #expect(try !repository.isDescendant(main, of: main))
    #expect(try repository.mergeBase(main, side) == base)
  }

  @Test func unrelatedHistoriesHaveNoMergeBase() throws {
    let fixture = try GitFixture()
    let path = try makeRepositoryWithCommit(fixture)
    let main = try #require(ObjectID(hex: try fixture.revParse("HEAD", in: path)))
    try fixture.runGit(["checkout", "-q", "--orphan", "other"], in: path)
    let other = try #require(
      ObjectID(hex: try fixture.commitFiles(["o": "o\n"], message: "O", in: path)))

    #expect(try Repository.open(at: path).mergeBase(main, other) == nil)
  }
}
