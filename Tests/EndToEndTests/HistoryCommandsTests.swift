import Foundation
import HolderTestSupport
import Testing

@Suite struct HistoryCommandsTests {
  @Test func logDiffRestoreAndUndoFromTheCommandLine() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    let env = ["HOLDER_GIT_DEVICE": "laptop"]
    #expect(try binary.run(["init", store], env: env).status == 0)
    let add = try binary.run(
      ["add", "--store", store, "https://swift.org", "--title", "Swift.org", "--tag", "reading"],
      env: env)
    #expect(add.status == 0)
    let path = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let file = store + "/" + path
    let text = try String(contentsOfFile: file, encoding: .utf8)
      .replacingOccurrences(of: "\"title\": \"Swift.org\"", with: "\"title\": \"Swift\"")
      .replacingOccurrences(of: "[\"reading\"]", with: "[\"dev/swift\"]")
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))

    let diff = try binary.run(["diff", "--store", store])
    #expect(
      diff.stdout
        == "Changed \"Swift\" — title: \"Swift.org\" → \"Swift\"; tags: +dev/swift −reading\n")
    #expect(try binary.run(["commit", "--store", store], env: env).status == 0)
    #expect(try binary.run(["rm", "--store", store, "https://swift.org"], env: env).status == 0)

    let log = try binary.run(["log", "--store", store])
    let lines = log.stdout.split(separator: "\n").map { String($0.dropFirst(18)) }
    #expect(
      lines == [
        "laptop  Deleted \"Swift\"",
        "laptop  Changed \"Swift\" — title: \"Swift.org\" → \"Swift\"; tags: +dev/swift −reading",
        "laptop  Added \"Swift.org\"",
        "laptop  Create bookmark store",
      ])
    let json = try binary.run(["log", "--store", store, "--json", "https://swift.org"])
    let entries = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
    #expect(entries?.count == 3)
    #expect(entries?.first?["device"] as? String == "laptop")

    let deleted = try binary.run(["restore", "--store", store, "--deleted"])
    #expect(deleted.stdout.contains("Swift"))
    let restored = try binary.run(["restore", "--store", store, "https://swift.org"])
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(FileManager.default.fileExists(atPath: file))

    let undo = try binary.run(["undo", "--store", store])
    #expect(undo.status == 0)
    #expect(undo.stderr.hasPrefix("Undoing: Restore \"Swift\""))
    #expect(!FileManager.default.fileExists(atPath: file))
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
    try binary.git.runGit(["fsck", "--strict"], in: store)
  }
}
