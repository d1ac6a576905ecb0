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
}
