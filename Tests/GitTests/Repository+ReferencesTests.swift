import Git
import HolderTestSupport
import Testing

@Suite struct RepositoryReferencesTests {
  /// A repository with two commits on main; returns the path and both ids, oldest first.
  private func makeHistory(_ fixture: GitFixture) throws -> (String, ObjectID, ObjectID) {
    let path = try makeRepositoryWithCommit(fixture)
    let first = try #require(ObjectID(hex: try fixture.revParse("HEAD", in: path)))
    let second = try #require(
      ObjectID(hex: try fixture.commitFiles(["b": "b\n"], message: "Second", in: path)))
    return (path, first, second)
  }

  @Test func resolvesBranchesHeadAndPeelsAnnotatedTags() throws {
    let fixture = try GitFixture()
    let (path, first, second) = try makeHistory(fixture)
    try fixture.runGit(["tag", "-a", "-m", "Release", "v1", first.hex], in: path)
    let repository = try Repository.open(at: path)

    #expect(try repository.resolveReference("HEAD") == second)
    #expect(try repository.resolveReference("refs/heads/main") == second)
    #expect(try repository.resolveReference("refs/tags/v1") == first)
    #expect(try repository.resolveReference("refs/heads/missing") == nil)
  }

  @Test func unbornHeadResolvesToNil() throws {
    let fixture = try GitFixture()
    let repository = try Repository.open(at: try fixture.initRepository())

    #expect(try repository.resolveReference("HEAD") == nil)
  }

  @Test func compareAndSwapMovesTheBranchAndWritesTheReflog() throws {
    let fixture = try GitFixture()
    let (path, first, second) = try makeHistory(fixture)
    let repository = try Repository.open(at: path)

    try repository.updateReference(
      "refs/heads/main", to: first, expected: second, logMessage: "holder-git: undo")

    #expect(try fixture.revParse("main", in: path) == first.hex)
    #expect(
      try fixture.runGit(["reflog", "-1", "--format=%gs", "refs/heads/main"], in: path)
        == "holder-git: undo\n")
    #expect(try repository.head() == .branch(reference: "refs/heads/main", target: first))
  }

  @Test func aStaleExpectationFailsWithModifiedAndMovesNothing() throws {
    let fixture = try GitFixture()
    let (path, first, second) = try makeHistory(fixture)
    let repository = try Repository.open(at: path)
    try repository.updateReference(
      "refs/heads/main", to: first, expected: second, logMessage: "first move")

    #expect {
      try repository.updateReference(
        "refs/heads/main", to: second, expected: second, logMessage: "stale move")
    } throws: { error in
      (error as? GitError)?.code == .modified
    }
    #expect(try fixture.revParse("main", in: path) == first.hex)
  }

  @Test func creatingAReferenceThatExistsFailsWithExists() throws {
    let fixture = try GitFixture()
    let (path, first, second) = try makeHistory(fixture)
    let repository = try Repository.open(at: path)

    try repository.updateReference(
      "refs/remotes/origin/main", to: first, expected: nil, logMessage: "fetch")

    #expect(try fixture.revParse("origin/main", in: path) == first.hex)
    #expect {
      try repository.updateReference(
        "refs/remotes/origin/main", to: second, expected: nil, logMessage: "fetch again")
    } throws: { error in
      (error as? GitError)?.code == .exists
    }
    #expect(try fixture.revParse("origin/main", in: path) == first.hex)
  }

  @Test func aDeletedReferenceCountsAsMoved() throws {
    let fixture = try GitFixture()
    let (path, first, second) = try makeHistory(fixture)
    try fixture.runGit(["branch", "doomed", first.hex], in: path)
    try fixture.runGit(["branch", "-D", "doomed"], in: path)

    #expect {
      try Repository.open(at: path).updateReference(
        "refs/heads/doomed", to: second, expected: first, logMessage: "move")
    } throws: { error in
      (error as? GitError)?.code == .modified
    }
    #expect(throws: ProcessFailure.self) {
      try fixture.revParse("doomed", in: path)
    }
  }

  @Test func theFirstCommitOfAnUnbornBranchIsACreate() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    let repository = try Repository.open(at: path)
    let signature = Signature(name: "T", email: "t@example.com", time: 1_112_911_993)
    let commit = try repository.createCommit(
      tree: try repository.tree(applying: [:], to: nil), parents: [], author: signature,
      committer: signature, message: "Start\n")

    try repository.updateReference(
      "refs/heads/main", to: commit, expected: nil, logMessage: "commit (initial): Start")

    #expect(try repository.head() == .branch(reference: "refs/heads/main", target: commit))
    #expect(try fixture.runGit(["log", "--format=%s"], in: path) == "Start\n")
  }
}
