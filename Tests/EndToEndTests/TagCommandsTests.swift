import Foundation
import HolderTestSupport
import Testing

@Suite struct TagCommandsTests {
  @Test func tagsListRenameMoveAndDelete() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let lines = """
      https://example.org/1\tOne
      https://example.org/2
      """
    let added = try binary.run(
      ["add", "--store", store, "-", "--tag", "ios"], stdin: Array(lines.utf8))
    #expect(added.status == 0, "\(added.stderr)")
    #expect(
      try binary.run(["add", "--store", store, "https://example.org/3", "--tag", "IOS/swiftui"])
        .status == 0)
    #expect(
      try binary.run(["add", "--store", store, "https://example.org/4", "--tag", "reading"])
        .status == 0)

    let tree = try binary.run(["tags", "--store", store])
    #expect(tree.status == 0)
    #expect(tree.stdout == "ios        3\n  swiftui  1\nreading    1\n")

    let renamed = try binary.run(["tag", "rename", "--store", store, "IOS", "apple/ios"])
    #expect(renamed.status == 0, "\(renamed.stderr)")
    let subject = try binary.git.runGit(["log", "-1", "--format=%s"], in: store)
    #expect(subject == "Rename tag ios → apple/ios (3 bookmarks)\n")
    let flat = try binary.run(["tags", "--store", store, "--flat", "--json"])
    let json = try JSONSerialization.jsonObject(with: Data(flat.stdout.utf8)) as? [[String: Any]]
    #expect(json?.map { $0["tag"] as? String } == ["apple/ios", "apple/ios/swiftui", "reading"])
    #expect(json?.map { $0["count"] as? Int } == [2, 1, 1])
    #expect(
      try binary.git.runGit(["show", "HEAD:.holder/store.json"], in: store).contains(
        "\"from\": \"ios\""))

    let moved = try binary.run(["tag", "move", "--store", store, "reading", "--before", "apple"])
    #expect(moved.status == 0, "\(moved.stderr)")
    #expect(try binary.run(["tags", "--store", store]).stdout.hasPrefix("reading "))
    let both = try binary.run(["tag", "move", "--store", store, "reading"])
    #expect(both.status == 64)
    let itself = try binary.run(["tag", "move", "--store", store, "reading", "--after", "reading"])
    #expect(itself.status == 64)
    #expect(try binary.run(["tag", "rename", "--store", store, "reading", "reading"]).status == 64)

    let deleted = try binary.run(["tag", "delete", "--store", store, "apple/ios/swiftui"])
    #expect(deleted.status == 0)
    #expect(
      try binary.git.runGit(["log", "-1", "--format=%s"], in: store)
        == "Delete tag apple/ios/swiftui (1 bookmark)\n")
    let unknown = try binary.run(["tag", "delete", "--store", store, "nope"])
    #expect(unknown.status == 4)
    #expect(unknown.stderr.hasPrefix("Error: no bookmark has the tag 'nope'"))
    let bad = try binary.run(["tag", "rename", "--store", store, "reading", "a/../b"])
    #expect(bad.status == 1)
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
    try binary.git.runGit(["fsck", "--strict"], in: store)
  }

  @Test func addFromStdinReportsEachLineAndMakesOneCommit() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(try binary.run(["add", "--store", store, "https://example.org/old"]).status == 0)
    let input = "example.org/new\tNew page\n\n# a comment\nhttps://example.org/old\njavascript:x\n"
    let result = try binary.run(["add", "--store", store, "-"], stdin: Array(input.utf8))
    #expect(result.status == 1)
    #expect(
      result.stdout.split(separator: "\n").map {
        $0.split(separator: "\t").prefix(2).joined(separator: " ")
      }
        == ["1 added", "4 already saved", "5 refused"])
    #expect(result.stderr.contains("1 added, 1 already saved, 1 refused"))
    #expect(try binary.git.runGit(["log", "-1", "--format=%s"], in: store) == "Add \"New page\"\n")
    let json = try binary.run(
      ["add", "--store", store, "-", "--json"], stdin: Array("https://example.org/new\n".utf8))
    #expect(json.status == 0)
    let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
    #expect(parsed?.first?["result"] as? String == "already saved")
    let titled = try binary.run(
      ["add", "--store", store, "-", "--title", "T"], stdin: Array("example.org/z\n".utf8))
    #expect(titled.status == 64)
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
    try binary.git.runGit(["fsck", "--strict"], in: store)
  }
}
