import Foundation
import HolderTestSupport
import Testing

/// A merging sync updates the tag views only where the merge changed something; they must
/// still be exactly what the bookmarks call for.
@Suite struct SyncTagViewsTests {
  @Test func tagViewsMatchTheBookmarksAfterAMergingSync() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let remote = git.path("remote.git")
    try git.runGit(["init", "-q", "--bare", remote], in: git.root)
    let laptop = git.path("laptop")
    #expect(try binary.run(["init", laptop]).status == 0)
    try git.runGit(["remote", "add", "origin", remote], in: laptop)
    for name in ["kept", "retagged", "moved", "deleted", "renamed"] {
      let added = try binary.run([
        "add", "--store", laptop, "--no-fetch", "https://example.org/\(name)", "--tag", "old",
      ])
      #expect(added.status == 0, "\(added.stderr)")
    }
    #expect(try binary.run(["sync", "--store", laptop]).status == 0)
    let phone = git.path("phone")
    #expect(try binary.run(["clone", remote, phone]).status == 0)

    let edits: [[String]] = [
      ["edit", "https://example.org/retagged", "--add-tag", "new", "--remove-tag", "old"],
      ["edit", "https://example.org/moved", "--url", "https://example.org/moved/there"],
      ["rm", "https://example.org/deleted"],
      ["edit", "https://example.org/renamed", "--title", "Renamed on the phone"],
    ]
    for edit in edits {
      let result = try binary.run(edit + ["--store", phone])
      #expect(result.status == 0, "\(edit): \(result.stderr)")
    }
    #expect(try binary.run(["sync", "--store", phone]).status == 0)
    let here = try binary.run([
      "add", "--store", laptop, "--no-fetch", "https://example.org/laptop", "--tag", "new",
    ])
    #expect(here.status == 0)
    let merged = try binary.run(["sync", "--store", laptop])
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(merged.stderr.contains("Merged"), "\(merged.stderr)")

    let check = try binary.run(["check", "--store", laptop])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect(!(check.stdout + check.stderr).contains("tag view"))
    let old = try FileManager.default.contentsOfDirectory(atPath: laptop + "/tags/old").sorted()
    let new = try FileManager.default.contentsOfDirectory(atPath: laptop + "/tags/new").sorted()
    #expect(old.count == 3, "\(old)")
    #expect(new.count == 2, "\(new)")
  }
}
