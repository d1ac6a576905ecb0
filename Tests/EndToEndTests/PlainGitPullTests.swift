import Foundation
import HolderTestSupport
import Testing

@Suite struct PlainGitPullTests {
  /// Two clones edit the same bookmark offline; `git pull` merges it field by field through the
  /// registered driver, with no conflict markers, and the later edit wins the field both changed.
  @Test func gitPullMergesABookmarkEditedOnBothSides() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let laptop = git.path("laptop")
    #expect(try binary.run(["init", laptop]).status == 0)
    #expect(
      try binary.run(["add", "--store", laptop, "https://example.org/p", "--title", "Base"]).status
        == 0)
    let remote = git.path("remote.git")
    try git.runGit(["clone", "-q", "--bare", laptop, remote], in: git.root)
    try git.runGit(["remote", "add", "origin", remote], in: laptop)
    try git.runGit(["fetch", "-q", "origin"], in: laptop)
    try git.runGit(["branch", "-q", "--set-upstream-to=origin/main"], in: laptop)
    let phone = git.path("phone")
    try git.runGit(["clone", "-q", remote, phone], in: git.root)
    // Any holder-git command registers the driver in a plain clone.
    #expect(try binary.run(["list", "--store", phone]).status == 0)
    #expect(
      try git.runGit(["config", "merge.holder-git.driver"], in: phone).contains("merge-driver"))
    #expect(try git.runGit(["config", "pull.rebase"], in: phone) == "false\n")

    let path = try git.runGit(["ls-files", "bookmarks"], in: laptop)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    func edit(_ store: String, _ old: String, _ new: String) throws {
      let file = store + "/" + path
      let text = try String(contentsOfFile: file, encoding: .utf8)
      try Data(text.replacingOccurrences(of: old, with: new).utf8)
        .write(to: URL(fileURLWithPath: file))
      #expect(try binary.run(["commit", "--store", store]).status == 0)
    }
    try edit(
      laptop, "\"title\": \"Base\",",
      "\"title\": \"Laptop title\",\n  \"note\": \"from the laptop\",")
    try git.runGit(["push", "-q", "origin", "main"], in: laptop)
    try edit(phone, "\"tags\": []", "\"tags\": [\"phone\"]")
    try edit(phone, "\"title\": \"Base\"", "\"title\": \"Phone title\"")

    try git.runGit(["pull", "-q", "origin", "main"], in: phone)
    let merged = try String(contentsOfFile: phone + "/" + path, encoding: .utf8)
    #expect(!merged.contains("<<<<<<<"))
    #expect(merged.contains("\"note\": \"from the laptop\""))
    #expect(merged.contains("\"tags\": [\"phone\"]"))
    #expect(merged.contains("\"title\": \"Phone title\""), "the later edit wins the title")
    #expect(try git.runGit(["status", "--porcelain"], in: phone) == "")
    try git.runGit(["fsck", "--strict"], in: phone)
  }
}
