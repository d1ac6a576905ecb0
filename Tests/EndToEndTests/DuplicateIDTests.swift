import Foundation
import HolderTestSupport
import Testing

/// Ids are unique: a file given by hand an id another bookmark holds is taken in with a
/// fresh one, said in a note, keeping all it holds; `check` reports two files with one id,
/// and `check --fix` gives the newer a fresh id.
@Suite struct DuplicateIDTests {
  /// A store with two bookmarks; returns its path and their files and ids.
  private func store(_ binary: HolderBinary) throws -> (
    store: String, files: [String], ids: [String]
  ) {
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    for url in ["https://example.com/a", "https://other.org/b"] {
      #expect(try binary.run(["add", "--store", store, url]).status == 0)
    }
    let files = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
      .split(separator: "\n").map(String.init)
    let ids = try files.map { file in
      let text = try String(contentsOfFile: store + "/" + file, encoding: .utf8)
      return String(try #require(text.firstMatch(of: /"id": "([0-9a-f-]{36})"/)).1)
    }
    return (store, files, ids)
  }

  private func text(_ store: String, _ file: String) throws -> String {
    try String(contentsOfFile: store + "/" + file, encoding: .utf8)
  }

  private func write(_ text: String, _ store: String, _ file: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: store + "/" + file))
  }

  /// A copy of a file, its URL changed, is a new bookmark: it gets a fresh id and says so.
  @Test func aCopiedFileIsTakenInWithAFreshIdAndANote() throws {
    let binary = try HolderBinary()
    let (store, files, ids) = try store(binary)
    let copy = "bookmarks/e/example.com/copy.json"
    try write(
      try text(store, files[0]).replacingOccurrences(
        of: "https://example.com/a", with: "https://example.com/c"), store, copy)

    let commit = try binary.run(["commit", "--store", store])
    #expect(commit.status == 0, "\(commit.stderr)")
    #expect(
      commit.stderr.contains("'\(copy)' has the id of '\(files[0])', another bookmark's"),
      "\(commit.stderr)")
    #expect(try text(store, files[0]).contains(ids[0]))
    let listed = try binary.run(["list", "--store", store]).stdout
    #expect(listed.contains("example.com/c"))
    #expect(listed.contains("example.com/a"))
    let shown = try binary.run(["show", "--store", store, ids[0]])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.contains("example.com/a"))
    #expect(
      try binary.git.runGit(["status", "--porcelain", "--untracked-files=all"], in: store) == "")
    let check = try binary.run(["check", "--store", store])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
  }

  /// An id pasted into another bookmark's file is not committed twice: that file gets a fresh
  /// one, and every other edit in it is kept.
  @Test func anIdPastedIntoAnotherFileIsReplacedAndTheRestKept() throws {
    let binary = try HolderBinary()
    let (store, files, ids) = try store(binary)
    let pasted = try text(store, files[1])
      .replacingOccurrences(of: ids[1], with: ids[0])
      .replacingOccurrences(of: "\"title\": \"other.org/b\"", with: "\"title\": \"Mine\"")
    try write(pasted, store, files[1])

    let commit = try binary.run(["commit", "--store", store])
    #expect(commit.status == 0, "\(commit.stderr)")
    #expect(commit.stderr.contains("has the id of '\(files[0])'"), "\(commit.stderr)")
    let after = try text(store, files[1])
    #expect(!after.contains(ids[0]))
    #expect(after.contains("\"title\": \"Mine\""))
    let committed = try binary.git.runGit(["show", "HEAD:" + files[1]], in: store)
    #expect(!committed.contains(ids[0]))
    #expect(try binary.run(["show", "--store", store, ids[0]]).stdout.contains("example.com/a"))
  }

  /// A duplicate committed by plain git is reported by `check`, and `check --fix` gives the
  /// newer file a fresh id.
  @Test func checkReportsADuplicateIdAndFixGivesTheNewerANewOne() throws {
    let binary = try HolderBinary()
    let (store, files, ids) = try store(binary)
    try write(
      try text(store, files[1]).replacingOccurrences(of: ids[1], with: ids[0]), store, files[1])
    try binary.git.runGit(["commit", "-q", "-am", "copy an id"], in: store)

    let check = try binary.run(["check", "--store", store])
    #expect(check.status == 1)
    let said = check.stdout + check.stderr
    #expect(said.contains("'\(files[1])' has the id of '\(files[0])', \(ids[0])"), "\(said)")
    #expect(said.contains("check --fix"))

    let fix = try binary.run(["check", "--fix", "--store", store])
    #expect(fix.status == 0, "\(fix.stdout)\(fix.stderr)")
    #expect(try text(store, files[0]).contains(ids[0]))
    #expect(!(try text(store, files[1]).contains(ids[0])))
    let message = try binary.git.runGit(["log", "-1", "--format=%B"], in: store)
    #expect(message.contains("Give '\(files[1])' a new id"), "\(message)")
    #expect(try binary.run(["check", "--store", store]).status == 0)
    #expect(try binary.run(["show", "--store", store, ids[0]]).stdout.contains("example.com/a"))
    #expect(
      try binary.git.runGit(["status", "--porcelain", "--untracked-files=all"], in: store) == "")
    try binary.git.runGit(["fsck", "--strict", "--full"], in: store)
  }
}
