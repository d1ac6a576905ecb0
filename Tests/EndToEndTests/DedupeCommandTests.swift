import Foundation
import HolderTestSupport
import Testing

/// Near-duplicates as a user meets them: `add` says so, `check` lists the group, `dedupe`
/// merges it in one commit that `undo` takes back; and a link typed in NFD is the NFC one.
@Suite struct DedupeCommandTests {
  private func store() throws -> (HolderBinary, String) {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    return (binary, store)
  }

  @Test func addSaysWhenANearDuplicateIsSavedAndSavesItAllTheSame() throws {
    let (binary, store) = try store()
    let first = try binary.run(["add", "--store", store, "https://example.org/swift"])
    #expect(first.status == 0)
    #expect(!first.stderr.contains("near-duplicate"))
    let second = try binary.run(["add", "--store", store, "http://www.example.org/swift/"])
    #expect(second.status == 0)
    #expect(
      second.stderr.contains(
        "Note: a near-duplicate is saved: 'https://example.org/swift' (differs in http/https, "
          + "www., trailing /)"), "\(second.stderr)")
    #expect(second.stderr.contains("holder-git dedupe 'http://www.example.org/swift/'"))
    let third = try binary.run(["add", "--store", store, "https://example.org/swift#install"])
    #expect(third.stderr.contains("'https://example.org/swift' (differs in #fragment)"))
    let listed = try binary.run(["list", "--store", store, "--json"])
    #expect(listed.stdout.components(separatedBy: "\"url\"").count == 4)
  }

  @Test func checkListsTheGroupWithoutFailing() throws {
    let (binary, store) = try store()
    for url in [
      "https://example.org/swift", "https://example.org/swift/", "https://other.example/",
    ] {
      try binary.run(["add", "--store", store, url])
    }
    let checked = try binary.run(["check", "--store", store])
    #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
    #expect(
      checked.stdout
        == "near-duplicates (trailing /): 'https://example.org/swift', "
        + "'https://example.org/swift/'; merge them with: "
        + "holder-git dedupe 'https://example.org/swift'\n")
    let json = try binary.run(["check", "--store", store, "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let groups = object?["nearDuplicates"] as? [[String: Any]]
    #expect(groups?.count == 1)
    #expect(groups?.first?["differences"] as? [String] == ["trailing /"])
  }

  @Test func dedupeMergesTheGroupInOneUndoableCommitAndDryRunChangesNothing() throws {
    let (binary, store) = try store()
    try binary.run([
      "add", "--store", store, "https://example.org/swift", "--tag", "a", "--note", "one",
    ])
    binary.git.tick()
    try binary.run([
      "add", "--store", store, "http://www.example.org/swift/", "--tag", "b", "--note", "two",
    ])
    let head = try binary.git.runGit(["rev-parse", "HEAD"], in: store)

    let dry = try binary.run(["dedupe", "--store", store, "example.org/swift", "--dry-run"])
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(dry.stderr.contains("Would merge 2 bookmarks"))
    #expect(dry.stderr.contains("to remove: 'http://www.example.org/swift/'"))
    #expect(try binary.git.runGit(["rev-parse", "HEAD"], in: store) == head)

    let merged = try binary.run(["dedupe", "--store", store, "example.org/swift", "--json"])
    #expect(merged.status == 0, "\(merged.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(merged.stdout.utf8)) as? [String: Any]
    #expect(object?["url"] as? String == "https://example.org/swift")
    #expect(object?["tags"] as? [String] == ["a", "b"])
    #expect(object?["note"] as? String == "one\n\ntwo")
    #expect(try binary.git.runGit(["rev-list", "--count", "HEAD"], in: store) == "4\n")
    #expect(
      try binary.git.runGit(["log", "-1", "--format=%s"], in: store)
        == "Merge 2 bookmarks into \"example.org/swift\"\n")
    #expect(
      try binary.git.runGit(["ls-files", "bookmarks"], in: store).split(separator: "\n").count == 1)
    #expect(try binary.run(["check", "--store", store]).stdout == "")

    #expect(try binary.run(["undo", "--store", store]).status == 0)
    #expect(
      try binary.git.runGit(["ls-files", "bookmarks"], in: store).split(separator: "\n").count == 2)
  }

  @Test func dedupeSaysWhatToDoWhenThereIsNothingToMerge() throws {
    let (binary, store) = try store()
    try binary.run(["add", "--store", store, "https://example.org/alone"])
    let result = try binary.run(["dedupe", "--store", store, "https://example.org/alone"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("'https://example.org/alone' has no near-duplicate"))
    #expect(result.stderr.contains("name two or more bookmarks to merge them anyway"))
    let keep = try binary.run([
      "dedupe", "--store", store, "https://example.org/alone", "--keep", "https://example.org/x",
    ])
    #expect(keep.status == 4)
  }

  @Test func aLinkTypedInNFDIsAlreadySaved() throws {
    let (binary, store) = try store()
    #expect(try binary.run(["add", "--store", store, "ko.wikipedia.org/wiki/서울"]).status == 0)
    let nfd = "ko.wikipedia.org/wiki/\u{1109}\u{1165}\u{110B}\u{116E}\u{11AF}"
    let again = try binary.run(["add", "--store", store, nfd])
    #expect(again.status == 3, "\(again.stderr)")
    #expect(again.stderr.contains("Already saved"))
  }
}
