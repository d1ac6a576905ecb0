import Foundation
import HolderTestSupport
import Testing

@Suite struct CheckCommandTests {
  @Test func aStoreDamagedByHandIsReportedAndRepairedButTheBrokenFile() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let input = "https://example.org/a\nhttps://example.org/b\nhttps://example.org/c\n"
    #expect(
      try binary.run(["add", "--store", store, "-", "--tag", "t"], stdin: Array(input.utf8))
        .status == 0)
    let files = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
      .split(separator: "\n").map(String.init)
    let (broken, moved, unlinked) = (files[0], files[1], files[2])
    let brokenText = try String(contentsOfFile: store + "/" + broken, encoding: .utf8)
      .replacingOccurrences(of: "\"tags\": [", with: "\"tags\": [,")
    try Data(brokenText.utf8).write(to: URL(fileURLWithPath: store + "/" + broken))
    try binary.git.runGit(["mv", moved, "bookmarks/e/example.org/wrong-aaaaaaaa.json"], in: store)
    binary.git.tick()
    try binary.git.runGit(["commit", "-q", "-m", "Rename by hand"], in: store)
    let link = try FileManager.default.contentsOfDirectory(atPath: store + "/tags/t")
      .first { "bookmarks/e/" + $0.replacingOccurrences(of: "org-", with: "org/") == unlinked }
    try FileManager.default.removeItem(atPath: store + "/tags/t/" + (link ?? "?"))
    try FileManager.default.createSymbolicLink(
      atPath: store + "/tags/t/passwd.json", withDestinationPath: "/etc/passwd")

    let checked = try binary.run(["check", "--store", store])
    #expect(checked.status == 1)
    let lines = checked.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("tag view leaves the store: 'tags/t/passwd.json'") == true)
    #expect(checked.stdout.contains("broken file: cannot read '\(broken)': line 5, column "))
    #expect(checked.stdout.contains("path does not match URL: 'bookmarks/e/example.org/wrong-"))
    #expect(checked.stdout.contains("missing tag view: the tag view 'tags/t/\(link ?? "?")'"))
    let json = try binary.run(["check", "--store", store, "--json"])
    #expect(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) is [String: Any])

    let fixed = try binary.run(["check", "--store", store, "--fix"])
    #expect(fixed.status == 1)
    #expect(fixed.stdout.contains("fixed tag view leaves the store: 'tags/t/passwd.json'"))
    #expect(fixed.stdout.contains("fixed path does not match URL"))
    #expect(fixed.stdout.contains("fixed missing tag view"))
    let left = fixed.stdout.split(separator: "\n").filter { !$0.hasPrefix("fixed") }
    #expect(left.count == 1)
    #expect(left.first?.hasPrefix("broken file: cannot read '\(broken)'") == true)
    #expect(
      try binary.git.runGit(["log", "-1", "--format=%s"], in: store) == "Repair the store\n")
    #expect(try String(contentsOfFile: store + "/" + broken, encoding: .utf8) == brokenText)
    #expect(FileManager.default.fileExists(atPath: store + "/" + moved))
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == " M \(broken)\n")
    try binary.git.runGit(["fsck", "--strict"], in: store)

    try binary.git.runGit(["checkout", "--", broken], in: store)
    let clean = try binary.run(["check", "--store", store])
    #expect(clean.status == 0, "\(clean.stdout)")
    #expect(clean.stderr.contains("The store is in order"))
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
    try binary.git.runGit(["fsck", "--strict"], in: store)
  }
}
