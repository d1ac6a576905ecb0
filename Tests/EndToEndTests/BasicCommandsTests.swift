import Foundation
import HolderTestSupport
import Testing

@Suite struct BasicCommandsTests {
  @Test func helpAndUsageErrorsUseTheDocumentedExitCodes() throws {
    let binary = try HolderBinary()
    let help = try binary.run(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("Examples:"))
    for command in ["add", "show", "list", "rm", "init", "commit"] {
      let commandHelp = try binary.run([command, "--help"])
      #expect(commandHelp.status == 0)
      #expect(commandHelp.stdout.contains("Examples:"), "\(command)")
    }
    let usage = try binary.run(["add", "--no-such-flag"])
    #expect(usage.status == 64)
    #expect(usage.stderr.contains("Error:"))
  }

  @Test func theQuickStartWorksOnAFreshStore() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("bookmarks")
    try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    let initialized = try binary.run(["init"], in: store)
    #expect(initialized.status == 0, "\(initialized.stderr)")
    let added = try binary.run(
      [
        "add", "https://ko.wikipedia.org/wiki/서울", "--tag", "여행", "--tag", "places/asia",
        "--note", "메모",
      ], in: store)
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stderr.contains("Added"))
    #expect(added.stdout.contains("https://ko.wikipedia.org/wiki/서울"))

    let links = try FileManager.default.contentsOfDirectory(atPath: store + "/tags/여행")
    #expect(links.count == 1)
    let files = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
    #expect(files.split(separator: "\n").count == 1)
    #expect(
      try binary.git.runGit(["log", "--format=%s"], in: store).split(separator: "\n").count == 2)
    #expect(try binary.git.runGit(["log", "-p", "-1"], in: store).contains("\"note\": \"메모\""))
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
    try binary.git.runGit(["fsck", "--strict"], in: store)

    let again = try binary.run(["add", "ko.wikipedia.org/wiki/서울"], in: store)
    #expect(again.status == 3)
    #expect(again.stderr.contains("Already saved: 'https://ko.wikipedia.org/wiki/서울'"))
    #expect(again.stdout.contains("메모"))

    let missing = try binary.run(["show", "https://example.org/none"], in: store)
    #expect(missing.status == 4)
    #expect(missing.stderr.hasPrefix("Error: no bookmark matches"))

    let listed = try binary.run(["list", "--json"], in: store)
    #expect(listed.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
    #expect(json?.first?["note"] as? String == "메모")
    #expect(json?.first?["readableURL"] as? String == "https://ko.wikipedia.org/wiki/서울")

    let removed = try binary.run(["rm", "https://ko.wikipedia.org/wiki/서울"], in: store)
    #expect(removed.status == 0)
    #expect(try binary.run(["list", "--json"], in: store).stdout == "[]\n")
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
  }

  @Test func aBrokenFileIsNamedOnStderrAndTheRestListed() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(try binary.run(["add", "--store", store, "https://example.org/a"]).status == 0)
    #expect(try binary.run(["add", "--store", store, "https://example.org/b"]).status == 0)
    let path =
      try binary.git.runGit(["ls-files", "bookmarks"], in: store)
      .split(separator: "\n").map(String.init).first { $0.contains("/a-") } ?? ""
    let file = store + "/" + path
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let broken = text.replacingOccurrences(of: "\"favorite\": false", with: "\"favorite\": false,")
    try Data(broken.utf8).write(to: URL(fileURLWithPath: file))

    let listed = try binary.run(["list", "--store", store])
    #expect(listed.status == 0)
    #expect(listed.stdout.contains("example.org/b"))
    #expect(!listed.stdout.contains("example.org/a"))
    let warnings = listed.stderr.split(separator: "\n")
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("'\(path)': line ") == true)
    #expect(warnings.first?.contains(", column ") == true)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == broken)
  }

  @Test func handEditsAreCommittedByCommitAndNotByOtherCommands() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(try binary.run(["add", "--store", store, "https://example.org/a"]).status == 0)
    let path = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let file = store + "/" + path
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let edited = text.replacingOccurrences(
      of: "\"title\": \"example.org/a\",", with: "\"title\": \"My title\",\n  \"mine\": true,")
    try Data(edited.utf8).write(to: URL(fileURLWithPath: file))

    #expect(try binary.run(["list", "--store", store]).stdout.contains("My title"))
    #expect(try binary.run(["add", "--store", store, "https://example.org/b"]).status == 0)
    #expect(!(try binary.git.runGit(["show", "--name-only", "HEAD"], in: store).contains(path)))

    let committed = try binary.run(["commit", "--store", store])
    #expect(committed.status == 0, "\(committed.stderr)")
    #expect(
      try binary.git.runGit(["log", "-1", "--format=%s"], in: store)
        == "Edit \"My title\" by hand\n")
    let after = try String(contentsOfFile: file, encoding: .utf8)
    #expect(after.contains("\"mine\": true"))
    #expect(lastModified(after) > lastModified(text))
    let shown = try binary.run(["show", "--store", store, path])
    #expect(shown.stdout.contains("mine:"))
    #expect(shown.stdout.contains("My title"))
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
  }

  /// The `lastModified` value of a bookmark file's text.
  private func lastModified(_ text: String) -> String {
    let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    return object?["lastModified"] as? String ?? ""
  }
}
