import Foundation
import HolderTestSupport
import Testing

// Fuzz-found input, end to end: a bookmark file nested deeper than a tag can be imports the
// links a tag view can hold, names the limit for the others, and leaves a store `check` finds
// sound (at 5,000 levels an import used to make a tag view `check --fix` could not make).

@Suite struct DeepImportTests {
  @Test func linksDeeperThanATagCanBeAreSkippedNamingTheLimitAndTheStoreChecksClean() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    var text = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
    for level in 1...300 {
      text +=
        "<DT><H3>f\(level)</H3>\n<DL><p>\n<DT><A HREF=\"https://example.org/\(level)\">L</A>\n"
    }
    text += String(repeating: "</DL><p>\n", count: 301)
    let file = binary.git.path("deep.html")
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))

    let result = try binary.run(["import", "--store", store, "--verbose", file])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("64 added"))
    #expect(result.stderr.contains("236 skipped (236 invalid tag)"))
    #expect(result.stderr.contains("nested deeper than the 64 levels a tag can have"))
    let check = try binary.run(["check", "--store", store])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    let files = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
    #expect(files.split(separator: "\n").count == 64)
  }

  @Test func addRefusesATagDeeperThanATagViewCanBe() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let deep = (1...65).map { "t\($0)" }.joined(separator: "/")
    let result = try binary.run(["add", "--store", store, "https://example.org/", "--tag", deep])
    #expect(result.status != 0)
    #expect(result.stderr.contains("nested deeper than the 64 levels a tag can have"))
    #expect(try binary.run(["list", "--store", store]).stdout.isEmpty)
  }
}
