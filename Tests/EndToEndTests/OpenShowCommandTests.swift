import Foundation
import HolderTestSupport
import Testing

@Suite struct OpenShowCommandTests {
  @Test func openHandsTheLinkToBrowserAndRefusesScripts() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(try binary.run(["add", "--store", store, "https://example.org/서울"]).status == 0)
    #expect(
      try binary.run(["add", "--store", store, "javascript:alert(1)", "--allow-script"]).status
        == 0)
    let log = binary.git.path("opened.txt")
    let browser = binary.git.path("browser.sh")
    try writeExecutable("#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(log)'\n", atPath: browser)
    let env = ["BROWSER": "no-such-browser-here:" + browser]

    let opened = try binary.run(["open", "--store", store, "example.org/서울"], env: env)
    #expect(opened.status == 0, "\(opened.stderr)")
    #expect(
      try String(contentsOfFile: log, encoding: .utf8)
        == "https://example.org/%EC%84%9C%EC%9A%B8\n")
    let refused = try binary.run(["open", "--store", store, "javascript:alert(1)"], env: env)
    #expect(refused.status == 1)
    #expect(refused.stderr.hasPrefix("Error: 'javascript:alert(1)' is not opened"))
    #expect(
      try String(contentsOfFile: log, encoding: .utf8)
        == "https://example.org/%EC%84%9C%EC%9A%B8\n")

    let shown = try binary.run(["show", "--store", store, "example.org/서울"])
    #expect(shown.stdout.contains("last commit:   "))
    #expect(shown.stdout.contains("Add \"example.org/서울\""))
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
    try binary.git.runGit(["fsck", "--strict"], in: store)
  }
}
