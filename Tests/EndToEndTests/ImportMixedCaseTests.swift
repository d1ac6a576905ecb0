// Importing a browser's export whose `TAGS` and folders spell one tag in different cases:
// the second import of the same file changes nothing.
import Foundation
import HolderTestSupport
import Testing

@Suite struct ImportMixedCaseTests {
  /// A seeded Netscape file as browsers write them, where `TAGS` values (`science`) and folder
  /// names (`Science/Physics`) spell the same tags in different cases, in either order.
  static func mixedCaseExport(count: Int, seed: UInt64) -> String {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let words = ["science", "physics", "reading", "dev", "swift", "travel", "japan", "news"]
    func spelled(_ word: String) -> String {
      switch next(3) {
      case 0: word
      case 1: word.capitalized
      default: word.uppercased()
      }
    }
    var text = """
      <!DOCTYPE NETSCAPE-Bookmark-file-1>
      <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
      <TITLE>Bookmarks</TITLE>
      <H1>Bookmarks</H1>
      <DL><p>

      """
    var number = 0
    while number < count {
      let depth = next(3)
      let folders = (0..<depth).map { _ in spelled(words[next(words.count)]) }
      for folder in folders { text += "<DT><H3>\(folder)</H3>\n<DL><p>\n" }
      for _ in 0..<(1 + next(20)) where number < count {
        let tags = (0..<next(3)).map { _ in spelled(words[next(words.count)]) }
        text +=
          "<DT><A HREF=\"https://example.org/\(number)\" ADD_DATE=\"1700000000\""
          + (tags.isEmpty ? "" : " TAGS=\"\(tags.joined(separator: ","))\"")
          + ">Page \(number)</A>\n"
        number += 1
      }
      text += String(repeating: "</DL><p>\n", count: depth)
    }
    return text + "</DL><p>\n"
  }

  @Test func aSecondImportOfAMixedCaseFileChangesNothing() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let file = binary.git.path("export.html")
    try Self.mixedCaseExport(count: 600, seed: 16).write(
      toFile: file, atomically: true, encoding: .utf8)

    let first = try binary.run(["import", "--store", store, file])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("600 added"), "\(first.stderr)")
    let head = try binary.git.runGit(["rev-parse", "HEAD"], in: store)
    let views = try binary.git.runGit(
      ["ls-files", "--others", "--ignored", "--exclude-standard", "tags"], in: store)

    let again = try binary.run(["import", "--store", store, file])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("0 added, 0 merged, 600 unchanged"), "\(again.stderr)")
    #expect(try binary.git.runGit(["rev-parse", "HEAD"], in: store) == head)
    #expect(
      try binary.git.runGit(
        ["ls-files", "--others", "--ignored", "--exclude-standard", "tags"], in: store)
        == views)
    let check = try binary.run(["check", "--store", store])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")

    // One spelling per tag folder: no two folders under tags/ differ only in case.
    let folders = try binary.git.runGit(
      ["ls-files", "--others", "--ignored", "--exclude-standard", "tags"], in: store
    )
    .split(separator: "\n").map { $0.split(separator: "/").dropLast().joined(separator: "/") }
    var spellings: [String: Set<String>] = [:]
    for folder in folders { spellings[folder.lowercased(), default: []].insert(folder) }
    #expect(
      spellings.values.allSatisfy { $0.count == 1 }, "\(spellings.filter { $0.value.count > 1 })")
  }
}
