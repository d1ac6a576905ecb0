import Foundation
import HolderTestSupport
import Testing

/// `show --json` carries what `show` prints, the last commit included.
@Suite struct ShowJSONTests {
  @Test func showJSONNamesTheCommitThatLastChangedTheBookmark() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(try binary.run(["add", "--store", store, "example.org/a"]).status == 0)
    binary.git.tick()
    #expect(try binary.run(["add", "--store", store, "example.org/b"]).status == 0)
    binary.git.tick()
    #expect(
      try binary.run(["edit", "--store", store, "example.org/a", "--title", "A"]).status == 0)
    let edit = try binary.git.runGit(["log", "-1", "--format=%H%n%an%n%at"], in: store)
      .split(separator: "\n").map(String.init)
    binary.git.tick()
    #expect(try binary.run(["add", "--store", store, "example.org/c"]).status == 0)

    let shown = try binary.run(["show", "--store", store, "--json", "example.org/a"])
    #expect(shown.status == 0, "\(shown.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
    let commit = object?["lastCommit"] as? [String: Any]
    #expect(commit?["id"] as? String == edit[0])
    #expect(commit?["subject"] as? String == "Edit \"A\"")
    #expect(commit?["author"] as? String == edit[1])
    let seconds = Int(edit[2]) ?? 0
    let time = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(seconds)))
    #expect((commit?["time"] as? String)?.hasPrefix(String(time.dropLast())) == true)
    // The text output names the same commit.
    let text = try binary.run(["show", "--store", store, "example.org/a"]).stdout
    #expect(text.contains("last commit:   \(edit[0].prefix(7)) Edit \"A\""))
  }
}
