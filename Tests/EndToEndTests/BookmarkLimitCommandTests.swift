import Foundation
import HolderTestSupport
import Testing

// `add` and `edit` keep a bookmark within `BookmarkLimits` (1,000 tags, a 1 MiB file): before,
// `add` with 1,100 tags saved a file that `list`, `show` and `check` then refused to read.

@Suite struct BookmarkLimitCommandTests {
  private static func tagArguments(_ count: Int, from first: Int = 0) -> [String] {
    (first..<(first + count)).flatMap { ["--tag", "t\($0)"] }
  }

  @Test func addRefusesMoreTagsThanABookmarkHoldsAndSavesNothing() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let result = try binary.run(
      ["add", "--store", store, "https://many.example/", "--no-fetch"] + Self.tagArguments(1001))
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "'https://many.example/' cannot be saved: it has 1,001 tags; a bookmark holds at most 1,000"
      ), "\(result.stderr)")
    #expect(try binary.git.runGit(["ls-files", "bookmarks"], in: store).isEmpty)
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store).isEmpty)
    #expect(try binary.run(["check", "--store", store]).status == 0)
  }

  @Test func editRefusesATagPastTheLimitAndKeepsTheBookmarkAsItWas() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let added = try binary.run(
      ["add", "--store", store, "https://full.example/", "--no-fetch"] + Self.tagArguments(1000))
    #expect(added.status == 0, "\(added.stderr)")
    let before = try binary.git.runGit(["rev-parse", "HEAD"], in: store)
    let edited = try binary.run(
      ["edit", "--store", store, "https://full.example/", "--add-tag", "one-more"])
    #expect(edited.status == 1)
    #expect(edited.stderr.contains("it has 1,001 tags"), "\(edited.stderr)")
    #expect(try binary.git.runGit(["rev-parse", "HEAD"], in: store) == before)
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store).isEmpty)
    let shown = try binary.run(["show", "--store", store, "https://full.example/"])
    #expect(shown.status == 0, "\(shown.stderr)")
  }

  @Test func addFromLinesRefusesALinkOverTheLimitAndSavesTheRest() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let first = try binary.run(
      ["add", "--store", store, "-", "--tag", "t0"], stdin: Array("https://one.example/\n".utf8))
    #expect(first.status == 0, "\(first.stderr)")
    // The same tags for every line: the link already saved with t0 would reach 1,001 with
    // --update, the new link has exactly 1,000 and is saved.
    let lines = "https://one.example/\nhttps://two.example/\n"
    let result = try binary.run(
      ["add", "--store", store, "-", "--update"] + Self.tagArguments(1000, from: 1),
      stdin: Array(lines.utf8))
    #expect(result.stderr.contains("1 added, 0 updated, 0 already saved, 1 refused"))
    #expect(result.stdout.contains("refused\thttps://one.example/: "), "\(result.stdout)")
    #expect(result.stdout.contains("it has 1,001 tags"), "\(result.stdout)")
    let files = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
    #expect(files.split(separator: "\n").count == 2)
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store).isEmpty)
    #expect(try binary.run(["check", "--store", store]).status == 0)
  }
}
