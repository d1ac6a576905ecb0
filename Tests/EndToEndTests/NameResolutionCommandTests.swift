import Foundation
import HolderTestSupport
import Testing

/// Every command that names one bookmark takes an id prefix, resolved through the index,
/// with the cache deleted and after a hand edit.
@Suite struct NameResolutionCommandTests {
  @Test func everyCommandTakesAnIdPrefixWithNoCacheAndAfterAHandEdit() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(try binary.run(["add", "--store", store, "https://example.org/a"]).status == 0)
    #expect(try binary.run(["add", "--store", store, "https://example.org/b"]).status == 0)
    let json = try binary.run(["show", "--store", store, "--json", "https://example.org/a"])
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let id = try #require(object?["id"] as? String)
    let path = try #require(object?["path"] as? String)
    let prefix = String(id.prefix(8))

    try FileManager.default.removeItem(atPath: store + "/.holder/local")
    let file = store + "/" + path
    let edited = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(
      of: "\"title\": \"example.org/a\"", with: "\"title\": \"Edited by hand\"")
    try Data(edited.utf8).write(to: URL(fileURLWithPath: file))
    let shown = try binary.run(["show", "--store", store, prefix])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.contains("Edited by hand"))
    #expect(try binary.run(["commit", "--store", store]).status == 0)

    let steps: [[String]] = [
      ["fav", prefix], ["edit", prefix, "--note", "named by prefix"], ["log", prefix],
      ["rm", prefix],
    ]
    for step in steps {
      let result = try binary.run([step[0], "--store", store] + step.dropFirst())
      #expect(result.status == 0, "\(step): \(result.stderr)")
    }
    let gone = try binary.run(["show", "--store", store, prefix])
    #expect(gone.status != 0)
    #expect(gone.stderr.contains("no bookmark matches '\(prefix)'"))
    let restored = try binary.run(["restore", "--store", store, prefix])
    #expect(restored.status == 0, "\(restored.stderr)")
    let back = try binary.run(["show", "--store", store, prefix])
    #expect(back.stdout.contains("Edited by hand"))
    #expect(back.stdout.contains("named by prefix"))

    let log = binary.git.path("opened.txt")
    let browser = binary.git.path("browser.sh")
    try writeExecutable("#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(log)'\n", atPath: browser)
    let opened = try binary.run(["open", "--store", store, prefix], env: ["BROWSER": browser])
    #expect(opened.status == 0, "\(opened.stderr)")
    #expect(try String(contentsOfFile: log, encoding: .utf8) == "https://example.org/a\n")
  }
}
