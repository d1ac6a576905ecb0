import Foundation
import Git
import HolderTestSupport
import Testing

@Suite struct RepositoryTests {
  @Test func createMakesARepositoryGitUsesWithAnUnbornBranch() throws {
    let fixture = try GitFixture()
    let path = fixture.path("deep/new-store")

    let repository = try Repository.create(at: path, initialBranch: "trunk")

    #expect(repository.workDirectory == path)
    #expect(repository.gitDirectory == path + "/.git")
    #expect(try repository.head() == .unborn(reference: "refs/heads/trunk"))
    #expect(try fixture.runGit(["symbolic-ref", "HEAD"], in: path) == "refs/heads/trunk\n")
    #expect(try fixture.runGit(["status", "--porcelain"], in: path) == "")
    #expect(repository.state() == .none)
  }

  @Test func createRefusesAnExistingRepository() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository("store")

    #expect {
      try Repository.create(at: path)
    } throws: { error in
      (error as? GitError)?.code == .exists
    }
  }

  @Test func createBareHasNoWorkTree() throws {
    let fixture = try GitFixture()
    let path = fixture.path("remote.git")

    let repository = try Repository.createBare(at: path)

    #expect(repository.workDirectory == nil)
    #expect(repository.gitDirectory == path)
    #expect(try fixture.runGit(["rev-parse", "--is-bare-repository"], in: path) == "true\n")
    #expect(try repository.head() == .unborn(reference: "refs/heads/main"))
  }

  @Test func openAcceptsTheWorkTreeOrTheGitDirectory() throws {
    let fixture = try GitFixture()
    let path = try makeRepositoryWithCommit(fixture)
    let commit = try #require(ObjectID(hex: try fixture.revParse("HEAD", in: path)))
    let expected = Head.branch(reference: "refs/heads/main", target: commit)

    let fromWorkTree = try Repository.open(at: path)
    let fromGitDirectory = try Repository.open(at: path + "/.git")

    #expect(try fromWorkTree.head() == expected)
    #expect(try fromGitDirectory.head() == expected)
    #expect(fromGitDirectory.workDirectory == path)
    #expect(fromWorkTree.gitDirectory == fromGitDirectory.gitDirectory)
  }

  @Test func openDoesNotSearchUpwards() throws {
    let fixture = try GitFixture()
    let path = try makeRepositoryWithCommit(fixture)
    try fixture.scratch.write("x", to: "repo/sub/file")

    #expect {
      try Repository.open(at: path + "/sub")
    } throws: { error in
      (error as? GitError)?.code == .notFound
    }
  }

  @Test func discoverFindsTheEnclosingRepositoryOrNothing() throws {
    let fixture = try GitFixture()
    let path = try makeRepositoryWithCommit(fixture)
    try fixture.scratch.write("x", to: "repo/a/b/file")
    try fixture.scratch.write("x", to: "elsewhere/file")

    let found = try Repository.discover(from: path + "/a/b")

    #expect(found?.workDirectory == path)
    #expect(try Repository.discover(from: fixture.path("elsewhere")) == nil)
  }

  @Test func detachedHeadIsReported() throws {
    let fixture = try GitFixture()
    let path = try makeRepositoryWithCommit(fixture)
    let commit = try #require(ObjectID(hex: try fixture.revParse("HEAD", in: path)))
    try fixture.runGit(["checkout", "-q", "--detach"], in: path)

    #expect(try Repository.open(at: path).head() == .detached(commit))
  }

  @Test func aStoppedMergeIsReported() throws {
    let fixture = try GitFixture()
    let path = try makeRepositoryWithCommit(fixture)
    try fixture.runGit(["checkout", "-q", "-b", "other"], in: path)
    try fixture.commitFiles(["file.txt": "theirs\n"], message: "Theirs", in: path)
    try fixture.runGit(["checkout", "-q", "main"], in: path)
    try fixture.commitFiles(["file.txt": "ours\n"], message: "Ours", in: path)
    #expect(throws: ProcessFailure.self) {
      try fixture.runGit(["merge", "-q", "other"], in: path)
    }

    let repository = try Repository.open(at: path)

    #expect(repository.state() == .merge)
    let status = try repository.status(pathspecs: nil)
    #expect(
      status == [StatusEntry(path: "file.txt", inIndex: .conflicted, inWorkTree: .conflicted)])
  }

  @Test func anUnknownExtensionIsRefusedWithAClearError() throws {
    let fixture = try GitFixture()
    let path = try fixture.initRepository()
    try fixture.runGit(["config", "extensions.frobnicate", "true"], in: path)
    try fixture.runGit(["config", "core.repositoryformatversion", "1"], in: path)

    #expect {
      try Repository.open(at: path)
    } throws: { error in
      let error = try #require(error as? GitError)
      return error.code == .unsupportedRepository
        && error.message.hasPrefix(
          "repository uses extension 'frobnicate' that libgit2 1.5 does not support")
    }
  }

  @Test func aSHA256RepositoryIsRefusedWithAClearError() throws {
    let fixture = try GitFixture()
    let path = fixture.path("repo")
    try fixture.runGit(["init", "-q", "--object-format=sha256", path], in: fixture.root)

    #expect {
      try Repository.discover(from: path)
    } throws: { error in
      let error = try #require(error as? GitError)
      return error.code == .unsupportedRepository
        && error.message.hasPrefix("repository uses extension 'objectformat'")
    }
  }
}

/// A repository at `repo` with one commit of `file.txt`, made by the real git.
func makeRepositoryWithCommit(_ fixture: GitFixture) throws -> String {
  let path = try fixture.initRepository()
  try fixture.commitFiles(["file.txt": "base\n"], message: "Base", in: path)
  return path
}
