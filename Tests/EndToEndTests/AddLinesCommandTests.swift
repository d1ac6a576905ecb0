import Foundation
import HolderTestSupport
import Testing

/// `add -` with `--update`: the tags, note and favourite given apply to links already saved too.
@Suite struct AddLinesCommandTests {
  @Test func updateMergesIntoLinksAlreadySaved() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(
      try binary.run(["add", "--store", store, "https://example.org/old", "--tag", "keep"]).status
        == 0)
    let input = "https://example.org/old\nexample.org/new\n"
    let result = try binary.run(
      ["add", "--store", store, "-", "--update", "--tag", "inbox", "--note", "from the list"],
      stdin: Array(input.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("--title"), "\(result.stderr)")
    #expect(
      result.stdout.split(separator: "\n").map {
        $0.split(separator: "\t").prefix(2).joined(separator: " ")
      } == ["1 updated", "2 added"])
    #expect(result.stderr.contains("1 added, 1 updated, 0 already saved, 0 refused"))
    #expect(
      try binary.git.runGit(["log", "-1", "--format=%s"], in: store)
        == "Add 1 bookmark, update 1 bookmark\n")

    let old = try binary.run(["show", "--store", store, "https://example.org/old", "--json"])
    let fields = try JSONSerialization.jsonObject(with: Data(old.stdout.utf8)) as? [String: Any]
    #expect(fields?["tags"] as? [String] == ["inbox", "keep"])
    #expect(fields?["note"] as? String == "from the list")
    #expect(
      FileManager.default.fileExists(atPath: store + "/tags/inbox"),
      "the tag view follows the update")

    // Nothing new to merge: reported as already saved, and nothing is committed.
    let again = try binary.run(
      ["add", "--store", store, "-", "--update", "--tag", "inbox", "--json"],
      stdin: Array("https://example.org/old\n".utf8))
    #expect(again.status == 0, "\(again.stderr)")
    let parsed = try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [[String: Any]]
    #expect(parsed?.first?["result"] as? String == "already saved")
    #expect(
      try binary.git.runGit(["log", "-1", "--format=%s"], in: store)
        == "Add 1 bookmark, update 1 bookmark\n")

    // --title is still refused with '-', and the message names only it.
    let titled = try binary.run(
      ["add", "--store", store, "-", "--update", "--title", "T"],
      stdin: Array("example.org/z\n".utf8))
    #expect(titled.status == 64)
    #expect(titled.stderr.contains("--title"))
    #expect(!titled.stderr.contains("--update"), "\(titled.stderr)")
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
    try binary.git.runGit(["fsck", "--strict"], in: store)
  }
}
