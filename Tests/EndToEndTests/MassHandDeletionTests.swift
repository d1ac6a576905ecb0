import Foundation
import HolderTestSupport
import Testing

/// Bookmark files missing from the work tree are deletions by hand only when few.
///
/// Past the mass-delete guard (at least 20 and more than a fifth of the bookmarks) `commit`
/// and `sync` commit and send nothing and ask for `--allow-mass-delete`, as a sync does for
/// deletions a merge brings in. A checkout or copy that stopped half way leaves files out too.
@Suite struct MassHandDeletionTests {
  private let binary: HolderBinary
  private let store: String
  private let remote: String

  init() throws {
    binary = try HolderBinary()
    store = binary.git.path("store")
    remote = binary.git.path("remote.git")
    #expect(try binary.run(["init", store]).status == 0)
    let lines = (0..<100).map { "https://example.org/page\($0)" }.joined(separator: "\n")
    #expect(try run(["add", "-", "--no-fetch"], stdin: lines).status == 0)
    try binary.git.runGit(["init", "-q", "--bare", remote], in: binary.git.root)
    #expect(try run(["remote", "add", "origin", remote]).status == 0)
    #expect(try run(["sync"]).status == 0)
  }

  private func run(_ args: [String], env: [String: String] = [:], stdin: String? = nil) throws
    -> HolderBinary.Result
  {
    try binary.run(args + ["--store", store], env: env, stdin: stdin.map { Array($0.utf8) })
  }

  private func head(_ repository: String) throws -> String {
    try binary.git.revParse("HEAD", in: repository)
  }

  private func committedBookmarks(in repository: String) throws -> Int {
    try binary.git.runGit(["ls-tree", "-r", "--name-only", "HEAD", "bookmarks"], in: repository)
      .split(separator: "\n").count
  }

  /// Removes `count` bookmark files from the work tree, as `rm` would.
  private func deleteFiles(_ count: Int) throws {
    let files = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
      .split(separator: "\n").prefix(count)
    for file in files { try FileManager.default.removeItem(atPath: store + "/" + file) }
  }

  @Test func thirtyOfAHundredFilesMissingAreCommittedOnlyWhenAllowed() throws {
    try deleteFiles(30)
    let (before, remoteBefore) = (try head(store), try head(remote))
    let commit = try run(["commit"])
    #expect(commit.status != 0)
    #expect(
      commit.stderr.contains("30 of 100 bookmark files are missing from the work tree"),
      "\(commit.stderr)")
    #expect(commit.stderr.contains("'holder-git commit --allow-mass-delete'"))
    let sync = try run(["sync"])
    #expect(sync.status != 0)
    #expect(sync.stderr.contains("'holder-git sync --allow-mass-delete'"), "\(sync.stderr)")
    #expect(try head(store) == before)
    #expect(try head(remote) == remoteBefore)
    #expect(try committedBookmarks(in: remote) == 100)

    // check --fix repairs what it can without taking the missing files for deletions.
    _ = try run(["check", "--fix"])
    #expect(try committedBookmarks(in: store) == 100)

    let allowed = try run(["commit", "--allow-mass-delete"])
    #expect(allowed.status == 0, "\(allowed.stderr)")
    #expect(try committedBookmarks(in: store) == 70)
    #expect(try run(["sync"]).status == 0)
    #expect(try committedBookmarks(in: remote) == 70)
  }

  @Test func aSyncWithTheFlagSendsTheDeletions() throws {
    try deleteFiles(30)
    let sync = try run(["sync", "--allow-mass-delete"])
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(sync.stderr.contains("Committed 30 hand edits"), "\(sync.stderr)")
    #expect(try committedBookmarks(in: remote) == 70)
    _ = try binary.git.runGit(["fsck", "--strict"], in: remote)
  }

  @Test func afewFilesMissingAreDeletionsWithoutTheFlag() throws {
    try deleteFiles(3)
    let commit = try run(["commit"])
    #expect(commit.status == 0, "\(commit.stderr)")
    #expect(try committedBookmarks(in: store) == 97)
    try deleteFiles(3)
    #expect(try run(["sync"]).status == 0)
    #expect(try committedBookmarks(in: remote) == 94)
  }

  @Test(arguments: ["ko_KR.UTF-8", "ja_JP.UTF-8"])
  func theRefusalSpeaksTheLocalesLanguage(_ locale: String) throws {
    try deleteFiles(30)
    let env = ["LANG": locale, "LC_ALL": "", "LC_MESSAGES": ""]
    let commit = try run(["commit"], env: env)
    #expect(commit.status != 0)
    #expect(commit.stderr.contains("--allow-mass-delete"), "\(commit.stderr)")
    #expect(
      EnglishText.runs(in: commit.stderr).isEmpty, "commit printed English:\n\(commit.stderr)")
  }
}
