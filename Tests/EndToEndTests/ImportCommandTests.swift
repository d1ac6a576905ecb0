import Foundation
import HolderTestSupport
import Testing

@Suite struct ImportCommandTests {
  static let firefox = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/bookmarks/firefox.html").path

  @Test func importReportsThenReimportsUnchangedAndUndoTakesItBack() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)

    let dry = try binary.run(["import", "--store", store, "--dry-run", Self.firefox])
    #expect(dry.status == 0)
    #expect(dry.stderr.contains("Would import netscape file: 7 added, 0 merged, 0 unchanged"))
    #expect(try binary.run(["list", "--store", store]).stdout.isEmpty)

    let first = try binary.run(["import", "--store", store, "--json", Self.firefox])
    #expect(first.status == 0, "\(first.stderr)")
    let report = try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any]
    #expect(report?["added"] as? Int == 7)
    #expect(report?["skipped"] as? Int == 2)
    let entries = report?["entries"] as? [[String: Any]] ?? []
    #expect(entries.count == 9)
    #expect(
      entries.first { $0["outcome"] as? String == "skipped" }?["reasonCode"] as? String
        == "browser-internal")
    // Not a terminal: no progress bar drawn.
    #expect(!first.stderr.contains("\r"))

    let again = try binary.run(["import", "--store", store, "--verbose", Self.firefox])
    #expect(again.stderr.contains("0 added, 0 merged, 7 unchanged, 2 skipped (2 browser-internal)"))
    #expect(again.stderr.contains("19: skipped place:"))
    let commits = try binary.git.runGit(["rev-list", "--count", "HEAD"], in: store)
    #expect(commits.trimmingCharacters(in: .whitespacesAndNewlines) == "2")

    let undo = try binary.run(["undo", "--store", store])
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(try binary.run(["list", "--store", store]).stdout.isEmpty)
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store).isEmpty)
    _ = try binary.git.runGit(["fsck", "--strict"], in: store)
  }

  @Test func anUnreadableFileSaysWhatToDo() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let path = binary.git.path("nope.html")
    let missing = try binary.run(["import", "--store", store, path])
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("no such file: '\(path)'"), "\(missing.stderr)")
    #expect(!missing.stderr.contains("USAGE"), "\(missing.stderr)")
  }

  @Test func aFileInNoneOfTheFormatsIsAnErrorNamingThem() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let path = binary.git.path("hostname")
    try "myhost\n".write(toFile: path, atomically: true, encoding: .utf8)
    let result = try binary.run(["import", "--store", store, path])
    #expect(result.status == 1, "\(result.stderr)")
    for format in ["netscape", "json", "jsonl", "markdown", "chrome", "'--format markdown'"] {
      #expect(result.stderr.contains(format), "\(result.stderr)")
    }
    #expect(!result.stderr.contains("Imported"))
    #expect(try binary.git.runGit(["rev-list", "--count", "HEAD"], in: store).hasPrefix("1"))
  }

  @Test func markdownExportImportsBack() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let add = try binary.run([
      "add", "--store", store, "--no-fetch", "https://example.org/md", "--title", "A *title*",
      "--tag", "dev/swift", "--note", "first\nsecond",
    ])
    #expect(add.status == 0, "\(add.stderr)")
    let file = binary.git.path("b.md")
    #expect(try binary.run(["export", "--store", store, file]).status == 0)
    let other = binary.git.path("t")
    #expect(try binary.run(["init", other]).status == 0)
    let result = try binary.run(["import", "--store", other, "--json", file])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"format\": \"markdown\""), "\(result.stdout)")
    let shown = try binary.run(["list", "--store", other, "--json"]).stdout
    #expect(shown.contains("\"title\": \"A *title*\""), "\(shown)")
    #expect(shown.contains("\"dev/swift\""))
    #expect(shown.contains("\"note\": \"first\\nsecond\""))
  }

  @Test func reimportingAfterUndoSaysHowToBringDeletedURLsBack() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(try binary.run(["import", "--store", store, Self.firefox]).status == 0)
    #expect(try binary.run(["undo", "--store", store]).status == 0)
    let again = try binary.run(["import", "--store", store, Self.firefox])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("0 added"), "\(again.stderr)")
    #expect(again.stderr.contains("--include-deleted"), "\(again.stderr)")
  }

  static func fixture(_ name: String) -> String {
    URL(fileURLWithPath: firefox).deletingLastPathComponent().appendingPathComponent(name).path
  }

  @Test func pocketsExportImportsWithItsWarningsShownByLine() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let pocket = Self.fixture("pocket.html")
    let first = try binary.run(["import", "--store", store, pocket])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stderr.contains("Imported pocket-html file: 6 added, 0 merged, 0 unchanged"),
      "\(first.stderr)")
    #expect(first.stderr.contains("1 warning (read, with something left out or replaced):"))
    #expect(
      first.stderr.contains(
        "  14: https://example.org/broken-date: time_added is empty: the time of the import is used instead"
      ), "\(first.stderr)")
    let listed = try binary.run(["list", "--store", store, "--tag", "toread", "--json"]).stdout
    #expect(listed.contains("한글 - 위키백과"), "\(listed)")
    #expect(!listed.contains("HTML 5.2"))

    let again = try binary.run(["import", "--store", store, "--json", pocket])
    #expect(again.status == 0, "\(again.stderr)")
    let report = try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any]
    #expect(report?["format"] as? String == "pocket-html")
    #expect(report?["unchanged"] as? Int == 6)
    #expect(report?["commit"] is NSNull)
    let warnings = report?["warnings"] as? [[String: Any]] ?? []
    #expect(warnings.count == 1)
    #expect(warnings.first?["line"] as? Int == 14)
    #expect(warnings.first?["url"] as? String == "https://example.org/broken-date")
    #expect(
      warnings.first?["message"] as? String
        == "time_added is empty: the time of the import is used instead")
    let commits = try binary.git.runGit(["rev-list", "--count", "HEAD"], in: store)
    #expect(commits.trimmingCharacters(in: .whitespacesAndNewlines) == "2")
  }

  @Test func aShaarliFileKeepsItsNotesAndNamesTheLinkItCannotKeep() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let result = try binary.run([
      "import", "--store", store, "--verbose", Self.fixture("shaarli.html"),
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("5 added"), "\(result.stderr)")
    #expect(result.stderr.contains("A page with no site — Written on a train."), "\(result.stderr)")
    let shown = try binary.run(["list", "--store", store, "--json"]).stdout
    #expect(shown.contains("shaarli:?Z-mb0g"), "\(shown)")
  }
}
