import Foundation
import HolderTestSupport
import Testing

/// `holder-git import` and `export` with the services' CSV files and XBEL, through the real
/// programs (XBEL goes through the helper program, holder-git-fetch xbel).
@Suite struct ServiceImportCommandTests {
  static func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/bookmarks/\(name)").path
  }

  @Test(arguments: [
    ("pocket.csv", "pocket-csv", 8), ("raindrop.csv", "raindrop-csv", 5),
    ("instapaper.csv", "instapaper-csv", 5), ("floccus.xbel", "xbel", 5),
  ])
  func eachFormatIsDetectedImportedOnceAndThenUnchanged(
    file: String, format: String, added: Int
  ) throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let first = try binary.run(["import", "--store", store, Self.fixture(file)])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("Imported \(format) file: \(added) added"), "\(first.stderr)")
    let again = try binary.run(["import", "--store", store, "--format", format, Self.fixture(file)])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("0 added, 0 merged, \(added) unchanged"), "\(again.stderr)")
    let commits = try binary.git.runGit(["rev-list", "--count", "HEAD"], in: store)
    #expect(commits.trimmingCharacters(in: .whitespacesAndNewlines) == "2")
  }

  @Test func anXBELExportImportsBackChangingNothing() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let imported = try binary.run(["import", "--store", store, Self.fixture("raindrop.csv")])
    #expect(imported.status == 0, "\(imported.stderr)")
    let path = binary.git.path("bookmarks.xbel")
    let exported = try binary.run(["export", "--store", store, path])
    #expect(exported.status == 0, "\(exported.stderr)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("<title>한국어 위키백과</title>"))
    // xmllint (libxml2-utils), where installed, checks the file is well-formed XML.
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint") {
      let lint = Process()
      lint.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
      lint.arguments = ["--noout", "--nonet", path]
      try lint.run()
      lint.waitUntilExit()
      #expect(lint.terminationStatus == 0)
    }
    let back = try binary.run(["import", "--store", store, path])
    #expect(back.status == 0, "\(back.stderr)")
    #expect(
      back.stderr.contains("Imported xbel file: 0 added, 0 merged, 5 unchanged"), "\(back.stderr)")
  }
}
