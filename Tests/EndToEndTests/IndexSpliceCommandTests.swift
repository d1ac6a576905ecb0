import Foundation
import HolderTestSupport
import Testing

/// `add`, `edit`, `fav` and `rm` splice their files into git's index; on a
/// store of 10,000 bookmarks the real git sees a clean, consistent index after each.
@Suite struct IndexSpliceCommandTests {
  private func expectGitAgrees(_ binary: HolderBinary, _ store: String) throws {
    #expect(
      try binary.git.runGit(["status", "--porcelain", "--untracked-files=all"], in: store) == "")
    #expect(try binary.git.runGit(["diff-index", "--cached", "HEAD"], in: store) == "")
    // The cache tree the splice kept: git builds HEAD's tree from the index.
    #expect(
      try binary.git.runGit(["write-tree"], in: store)
        == binary.git.runGit(["rev-parse", "HEAD^{tree}"], in: store))
  }

  @Test func smallChangesOnTenThousandBookmarksLeaveGitsIndexExact() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let lines = (0..<10_000).map {
      "{\"url\": \"https://site\($0 % 2500).example/page/\($0)\", \"tags\": [\"t\($0 % 37)\"]}\n"
    }.joined()
    try lines.write(toFile: binary.git.path("big.jsonl"), atomically: false, encoding: .utf8)
    #expect(try binary.run(["import", binary.git.path("big.jsonl"), "--store", store]).status == 0)
    // A cache tree in the index, as a plain `git commit` or `git status` leaves it.
    try binary.git.runGit(["write-tree"], in: store)
    try expectGitAgrees(binary, store)
    let commands = [
      ["add", "https://new.example/one", "--tag", "t1"],
      ["add", "https://aaa.example/first"],
      ["edit", "https://site7.example/page/7", "--title", "Edited", "--add-tag", "new"],
      ["fav", "https://site8.example/page/8"],
      ["rm", "https://site9.example/page/9"],
      ["rm", "https://aaa.example/first"],
    ]
    for command in commands {
      let result = try binary.run(command + ["--store", store])
      #expect(result.status == 0, "\(command): \(result.stderr)")
      try expectGitAgrees(binary, store)
    }
    try binary.git.runGit(["fsck", "--strict"], in: store)
    let debug = try binary.git.runGit(["ls-files", "--debug"], in: store)
    let tracked = try binary.git.runGit(["ls-tree", "-r", "--name-only", "HEAD"], in: store)
    #expect(
      debug.split(separator: "\n").filter { !$0.hasPrefix(" ") }.count
        == tracked.split(separator: "\n").count)
    #expect(try binary.run(["check", "--store", store]).status == 0)
    // And git's own commit on top of the spliced index.
    try binary.git.runGit(["commit", "-q", "--allow-empty", "-m", "by git"], in: store)
    try expectGitAgrees(binary, store)
  }
}
