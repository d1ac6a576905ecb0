import Foundation
import HolderTestSupport
import Testing

/// `holder-git import` finds the format of browsers' and services' JSON files itself, and fails
/// on a file it cannot read instead of reporting "0 added".
@Suite struct ImportDetectionCommandTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/bookmarks")

  static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

  @Test func chromeFirefoxPinboardAndBukuFilesAreFoundWithoutFormat() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let expected = [
      ("chrome-Bookmarks.json", "chrome", 5), ("firefox-backup.jsonlz4", "firefox-json", 5),
      ("pinboard.json", "pinboard", 4), ("buku.json", "buku", 4),
    ]
    for (file, format, links) in expected {
      let run = try binary.run(["import", "--store", store, "--json", Self.fixture(file)])
      #expect(run.status == 0, "\(file): \(run.stderr)")
      let report = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
      #expect(report?["format"] as? String == format, "\(file)")
      // Each link once, whatever the files before it brought.
      let counts = ["added", "merged", "unchanged"].map { report?[$0] as? Int ?? 0 }
      #expect(counts.reduce(0, +) == links, "\(file)")
    }
    let list = try binary.run(["list", "--store", store, "--json"])
    #expect(list.stdout.contains("네이버 뉴스"))
    #expect(list.stdout.contains("東京の天気"))
    // Again: nothing changes, no commit.
    let before = try binary.git.runGit(["rev-list", "--count", "HEAD"], in: store)
    let again = try binary.run(["import", "--store", store, Self.fixture("chrome-Bookmarks.json")])
    #expect(again.status == 0)
    #expect(again.stderr.contains("0 added, 0 merged, 5 unchanged"))
    #expect(try binary.git.runGit(["rev-list", "--count", "HEAD"], in: store) == before)
  }

  @Test func aJSONObjectOfSomethingElseFailsNamingTheClosestFormatAndTheFlag() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let file = binary.git.path("other.json")
    try Data("{\"a\":1}\n".utf8).write(to: URL(fileURLWithPath: file))
    let run = try binary.run(["import", "--store", store, file])
    #expect(run.status == 1)
    #expect(run.stderr.contains("'other.json' is not a format import reads"))
    #expect(run.stderr.contains("a JSON object with the keys \"a\""))
    #expect(run.stderr.contains("'--format jsonl'"))
    #expect(!run.stderr.contains("0 added"))
  }

  @Test func aForcedFormatThatReadsNoBookmarkFails() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let run = try binary.run([
      "import", "--store", store, "--format", "jsonl", Self.fixture("chrome-Bookmarks.json"),
    ])
    #expect(run.status == 1)
    #expect(run.stderr.contains("no bookmark of 'chrome-Bookmarks.json' could be read as jsonl"))
    let help = try binary.run(["import", "--help"])
    #expect(help.stdout.contains("firefox-json"))
    let wrong = try binary.run(["import", "--store", store, "--format", "nope", "x"])
    #expect(wrong.status != 0)
    #expect(wrong.stderr.contains("omnivore"))
  }

  @Test func chromesProfileIsImportedWithFrom() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    // HolderBinary's HOME is the fixture's root.
    let profile = binary.git.path(".config/google-chrome/Default")
    try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: Self.fixture("chrome-Bookmarks.json"), toPath: profile + "/Bookmarks")
    let run = try binary.run(["import", "--store", store, "--from", "chrome"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("Imported chrome file: 5 added"), "\(run.stderr)")
    #expect(try binary.run(["list", "--store", store, "--json"]).stdout.contains("東京の天気"))
  }
}
