import Foundation
import HolderTestSupport
import Testing

@Suite struct ExportCommandTests {
  /// A store with two bookmarks, one of them a favourite tagged `dev/swift`.
  private func makeStore(_ binary: HolderBinary) throws -> String {
    let store = binary.git.path("bookmarks")
    try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    #expect(try binary.run(["init"], in: store).status == 0)
    let added = try binary.run(
      ["add", "https://github.com/swiftlang/swift", "--tag", "dev/swift", "--note", "메모"],
      in: store)
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try binary.run(["add", "https://ko.wikipedia.org/wiki/서울"], in: store).status == 0)
    #expect(try binary.run(["fav", "https://github.com/swiftlang/swift"], in: store).status == 0)
    return store
  }

  @Test func theFormatFollowsTheFileNameAndTheFileReadsInABrowserFormat() throws {
    let binary = try HolderBinary()
    let store = try makeStore(binary)
    let file = binary.git.path("bookmarks.html")
    let exported = try binary.run(["export", file], in: store)
    #expect(exported.status == 0, "\(exported.stderr)")
    // Not a terminal: one line of report, no progress bar.
    #expect(exported.stderr == "Exported 2 bookmarks to '\(file)'\n")
    #expect(exported.stdout.isEmpty)
    let html = try String(contentsOfFile: file, encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE NETSCAPE-Bookmark-file-1>"))
    #expect(html.contains("<DT><H3>swift</H3>"))
    #expect(html.contains("TAGS=\"dev/swift\""))
    #expect(html.contains("HOLDER_FAVORITE=\"true\""))
    #expect(html.contains("<DD>메모"))
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
  }

  @Test func standardOutputGetsJSONTheSameAsListJSON() throws {
    let binary = try HolderBinary()
    let store = try makeStore(binary)
    let exported = try binary.run(["export"], in: store)
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(exported.stderr.isEmpty)
    let objects =
      try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [[String: Any]]
    #expect(objects?.count == 2)
    #expect(objects?.first?["readableURL"] as? String == "https://github.com/swiftlang/swift")
    let listed = try binary.run(["list", "--json"], in: store)
    let listedObjects =
      try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
    #expect(
      Set(listedObjects?.compactMap { $0["id"] as? String } ?? [])
        == Set(objects?.compactMap { $0["id"] as? String } ?? []))

    let lines = try binary.run(["export", "--format", "jsonl", "--favorites"], in: store)
    #expect(lines.stdout.split(separator: "\n").count == 1)
    let markdown = try binary.run(["export", "--format", "markdown", "--tag", "dev"], in: store)
    #expect(
      markdown.stdout.contains(
        "## dev/swift\n\n- [github.com/swiftlang/swift](https://github.com/swiftlang/swift) ★\n  메모\n"
      ))
  }

  @Test func anUnknownExtensionOrAPathInTheStoreIsRefusedWithWhatToDo() throws {
    let binary = try HolderBinary()
    let store = try makeStore(binary)
    let unknown = try binary.run(["export", binary.git.path("bookmarks.txt")], in: store)
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("add --format"))
    let inside = try binary.run(["export", "mine.json"], in: store)
    #expect(inside.status == 1)
    #expect(inside.stderr.contains("is inside the store"))
    #expect(!FileManager.default.fileExists(atPath: store + "/mine.json"))
  }
}
