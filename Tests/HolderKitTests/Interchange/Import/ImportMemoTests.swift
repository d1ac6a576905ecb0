import Foundation
import HolderCore
import HolderCoreTestSupport
import HolderKit
import HolderTestSupport
import Testing

/// The memo that answers a repeated import: its answer is always the one reading the file
/// would give, and it never answers when the store or the file has moved on.
@Suite struct ImportMemoTests {
  static let memo = ".git/holder-git-import-memo"

  /// A JSON Lines file of random entries: repeated URLs, tags in two cases, notes, a
  /// browser-internal link and an unreadable URL among them.
  static func randomFile(_ random: inout SplitMix, count: Int) -> [UInt8] {
    let tags = ["swift", "Swift", "git", "책", "本/棚", "news/tech", "News"]
    var lines: [String] = []
    for _ in 0..<count {
      let number = Int.random(in: 0..<(count * 2 / 3 + 1), using: &random)
      let url: String
      switch Int.random(in: 0..<20, using: &random) {
      case 0: url = "place:sort=8"
      case 1: url = "not a url \(number)"
      default: url = "https://site\(number % 7).example/page/\(number)"
      }
      let chosen = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        "\"\(tags[Int.random(in: 0..<tags.count, using: &random)])\""
      }
      let note = Bool.random(using: &random) ? "note \(number)" : ""
      lines.append(
        "{\"url\": \"\(url)\", \"title\": \"Page \(number)\", \"note\": \"\(note)\", "
          + "\"tags\": [\(chosen.joined(separator: ", "))]}")
    }
    return Array((lines.joined(separator: "\n") + "\n").utf8)
  }

  @Test func aRepeatedImportReportsWhatReadingTheFileAgainReports() throws {
    var random = SplitMix(state: 40)
    for round in 0..<12 {
      let fixture = try StoreFixture()
      // Half the stores hold bookmarks before, some of them URLs the file has.
      if round % 2 == 1 {
        try fixture.add("https://site1.example/page/1", tags: ["mine"], note: "kept")
        try fixture.add("https://elsewhere.example/", tags: ["SWIFT"])
      }
      let file = Self.randomFile(&random, count: Int.random(in: 1...60, using: &random))
      let first = try fixture.store.importBookmarks(file, options: ImportOptions(format: .jsonl))
      #expect(FileManager.default.fileExists(atPath: fixture.root + "/" + Self.memo))
      let remembered = try fixture.store.importBookmarks(
        file, options: ImportOptions(format: .jsonl))
      try FileManager.default.removeItem(atPath: fixture.root + "/" + Self.memo)
      let read = try fixture.store.importBookmarks(file, options: ImportOptions(format: .jsonl))
      #expect(remembered == read, "round \(round)")
      #expect(read.added == 0 && read.merged == 0 && read.commit == nil, "round \(round)")
      #expect(read.unchanged == first.added + first.merged + first.unchanged, "round \(round)")
    }
  }

  @Test func aBookmarkRemovedSinceIsReportedAsDeletedNotUnchanged() throws {
    let fixture = try StoreFixture()
    let file = Array(
      """
      {"url": "https://a.example/", "title": "A", "tags": ["x"]}
      {"url": "https://b.example/", "title": "B"}

      """.utf8)
    _ = try fixture.store.importBookmarks(file, options: ImportOptions())
    _ = try fixture.store.remove("https://a.example/")
    let again = try fixture.store.importBookmarks(file, options: ImportOptions())
    #expect(again.unchanged == 1)
    #expect(again.skippedByReason == ["deleted": 1])
  }

  @Test func aHandEditSinceTheImportIsNotAnsweredForByTheMemo() throws {
    let fixture = try StoreFixture()
    let file = Array(#"{"url": "https://a.example/", "title": "A", "tags": ["x"]}"#.utf8)
    let first = try fixture.store.importBookmarks(file, options: ImportOptions())
    #expect(first.added == 1)
    let path = try #require(fixture.store.snapshot().bookmarks.first).path
    let edited = try fixture.read(path).replacingOccurrences(of: "\"x\"", with: "\"y\"")
    try fixture.write(edited, to: path)
    #expect {
      try fixture.store.importBookmarks(file, options: ImportOptions())
    } throws: { error in
      guard case .write(.uncommittedHandEdit(let edited)) = error as? StoreError else {
        return false
      }
      return edited == path
    }
  }

  @Test func otherChoicesOrAnotherFileAreReadAgain() throws {
    let fixture = try StoreFixture()
    let file = Array(
      """
      <!DOCTYPE NETSCAPE-Bookmark-file-1>
      <DL><p><DT><H3>Dev</H3><DL><p>
      <DT><A HREF="https://a.example/" ADD_DATE="1600000000">A</A>
      </DL><p></DL><p>

      """.utf8)
    _ = try fixture.store.importBookmarks(file, options: ImportOptions())
    let prefixed = try fixture.store.importBookmarks(
      file, options: ImportOptions(folders: FolderOptions(prefix: "firefox")))
    #expect(prefixed.merged == 1)
    let tags = try #require(fixture.store.snapshot().bookmarks.first).bookmark.tags
    #expect(tags.contains("firefox/Dev"))
  }

  @Test func aDryRunWritesNoMemoAndAnUnreadableMemoIsIgnored() throws {
    let fixture = try StoreFixture()
    let file = Array(#"{"url": "https://a.example/", "title": "A"}"#.utf8)
    let dry = try fixture.store.importBookmarks(file, options: ImportOptions(dryRun: true))
    #expect(dry.added == 1)
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/" + Self.memo))
    _ = try fixture.store.importBookmarks(file, options: ImportOptions())
    try fixture.write("{\"fingerprint\": ", to: Self.memo)
    let again = try fixture.store.importBookmarks(file, options: ImportOptions())
    #expect(again.unchanged == 1)
    #expect(again.added == 0)
  }
}
