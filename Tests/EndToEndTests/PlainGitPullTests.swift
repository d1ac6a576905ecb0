import Foundation
import HolderTestSupport
import Testing

@Suite struct PlainGitPullTests {
  /// Two clones edit the same bookmark offline; `git pull` merges it field by field through the
  /// registered driver, with no conflict markers, and the later edit wins the field both changed.
  @Test func gitPullMergesABookmarkEditedOnBothSides() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let (laptop, phone) = try twoClones(binary)
    // The first holder-git command that writes (`twoClones` ran `check --fix`) registers the
    // driver in a plain clone.
    #expect(
      try git.runGit(["config", "merge.holder-git.driver"], in: phone).contains("merge-driver"))
    #expect(try git.runGit(["config", "pull.rebase"], in: phone) == "false\n")

    let path = try git.runGit(["ls-files", "bookmarks"], in: laptop)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    func edit(_ store: String, _ old: String, _ new: String) throws {
      let file = store + "/" + path
      let text = try String(contentsOfFile: file, encoding: .utf8)
      try Data(text.replacingOccurrences(of: old, with: new).utf8)
        .write(to: URL(fileURLWithPath: file))
      #expect(try binary.run(["commit", "--store", store]).status == 0)
    }
    try edit(
      laptop, "\"title\": \"Base\",",
      "\"title\": \"Laptop title\",\n  \"note\": \"from the laptop\",")
    try git.runGit(["push", "-q", "origin", "main"], in: laptop)
    try edit(phone, "\"tags\": []", "\"tags\": [\"phone\"]")
    try edit(phone, "\"title\": \"Base\"", "\"title\": \"Phone title\"")

    try git.runGit(["pull", "-q", "origin", "main"], in: phone)
    let merged = try String(contentsOfFile: phone + "/" + path, encoding: .utf8)
    #expect(!merged.contains("<<<<<<<"))
    #expect(merged.contains("\"note\": \"from the laptop\""))
    #expect(merged.contains("\"tags\": [\"phone\"]"))
    #expect(merged.contains("\"title\": \"Phone title\""), "the later edit wins the title")
    #expect(try git.runGit(["status", "--porcelain"], in: phone) == "")
    try git.runGit(["fsck", "--strict"], in: phone)
  }

  /// Makes a store with one bookmark, a bare remote, and a second clone of it.
  private func twoClones(_ binary: HolderBinary) throws -> (laptop: String, phone: String) {
    let git = binary.git
    let laptop = git.path("laptop")
    #expect(try binary.run(["init", laptop]).status == 0)
    #expect(
      try binary.run(["add", "--store", laptop, "https://example.org/p", "--title", "Base"]).status
        == 0)
    let remote = git.path("remote.git")
    try git.runGit(["clone", "-q", "--bare", laptop, remote], in: git.root)
    try git.runGit(["remote", "add", "origin", remote], in: laptop)
    try git.runGit(["fetch", "-q", "origin"], in: laptop)
    try git.runGit(["branch", "-q", "--set-upstream-to=origin/main"], in: laptop)
    let phone = git.path("phone")
    try git.runGit(["clone", "-q", remote, phone], in: git.root)
    // A read says what is missing and changes nothing; a write sets it up.
    let read = try binary.run(["list", "--store", phone])
    #expect(read.stderr.contains("does not yet merge bookmark files"), "\(read.stderr)")
    #expect((try? git.runGit(["config", "merge.holder-git.driver"], in: phone)) == nil)
    #expect(try binary.run(["check", "--fix", "--store", phone]).status == 0)
    return (laptop, phone)
  }

  /// Deleted on one side, changed later on the other: git stops on a modify/delete conflict,
  /// and the next holder-git command that writes settles it — the later change wins — in a
  /// merge commit.
  @Test func aMergeGitStoppedOnIsSettledByTheNextCommand() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let (laptop, phone) = try twoClones(binary)
    #expect(try binary.run(["rm", "--store", laptop, "https://example.org/p"]).status == 0)
    try git.runGit(["push", "-q", "origin", "main"], in: laptop)
    #expect(
      try binary.run([
        "add", "--store", phone, "https://example.org/p", "--update", "--note", "keep me",
      ]).status == 0)
    #expect(throws: ProcessFailure.self) {
      try git.runGit(["pull", "-q", "origin", "main"], in: phone)
    }
    let settled = try binary.run(["check", "--fix", "--store", phone])
    #expect(settled.status == 0, "\(settled.stderr)")
    #expect(settled.stderr.contains("Settled a merge from git"))
    #expect(try binary.run(["list", "--store", phone]).stdout.contains("example.org/p"))
    #expect(
      try git.runGit(["log", "-1", "--format=%s %p"], in: phone).hasPrefix("Settle merge from git ")
    )
    #expect(try git.runGit(["rev-list", "--count", "--merges", "HEAD"], in: phone) == "1\n")
    #expect(try git.runGit(["status", "--porcelain"], in: phone) == "")
    #expect(!FileManager.default.fileExists(atPath: phone + "/.git/MERGE_HEAD"))
    try git.runGit(["fsck", "--strict"], in: phone)
  }

  /// The same link saved on both machines: git pull merges the one file through the driver,
  /// keeping the id and creation time of the earlier save and both sides' tags.
  @Test func theSameLinkSavedOnBothSidesBecomesOneBookmark() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let (laptop, phone) = try twoClones(binary)
    #expect(
      try binary.run(["add", "--store", laptop, "https://example.org/twice", "--tag", "a"]).status
        == 0)
    try git.runGit(["push", "-q", "origin", "main"], in: laptop)
    #expect(
      try binary.run(["add", "--store", phone, "https://example.org/twice", "--tag", "b"]).status
        == 0)
    try git.runGit(["pull", "-q", "origin", "main"], in: phone)
    let shown = try binary.run(["show", "--store", phone, "--json", "https://example.org/twice"])
    let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
    #expect(object?["tags"] as? [String] == ["a", "b"])
    let laptopShown = try binary.run([
      "show", "--store", laptop, "--json", "https://example.org/twice",
    ])
    let original =
      try JSONSerialization.jsonObject(with: Data(laptopShown.stdout.utf8))
      as? [String: Any]
    #expect(object?["id"] as? String == original?["id"] as? String)
    #expect(try git.runGit(["status", "--porcelain"], in: phone) == "")
  }

  /// One file with two links is settled by the next write, keeping both.
  ///
  /// The laptop changed its file's link by hand in place, the phone saved the file's first
  /// link anew. The driver writes neither over the other; git stops, and the next holder-git
  /// command that writes keeps both, each at its own path, both notes kept.
  @Test func twoLinksInOneFileAreBothKeptAfterGitStops() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let (laptop, phone) = try twoClones(binary)
    #expect(
      try binary.run(["add", "--store", laptop, "https://example.org/a", "--note", "laptop"])
        .status == 0)
    let path = try git.runGit(["ls-files", "bookmarks/e/example.org/a-*"], in: laptop)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let text = try String(contentsOfFile: laptop + "/" + path, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "example.org/a\"", with: "example.org/b\"").utf8)
      .write(to: URL(fileURLWithPath: laptop + "/" + path))
    try git.runGit(["commit", "-qam", "Link changed by hand"], in: laptop)
    try git.runGit(["push", "-q", "origin", "main"], in: laptop)
    #expect(
      try binary.run(["add", "--store", phone, "https://example.org/a", "--note", "phone"])
        .status == 0)

    #expect(throws: ProcessFailure.self) {
      try git.runGit(["pull", "-q", "origin", "main"], in: phone)
    }
    // git left the phone's version, not a file of conflict markers.
    #expect(try String(contentsOfFile: phone + "/" + path, encoding: .utf8).contains("phone"))
    let settled = try binary.run(["check", "--fix", "--store", phone])
    #expect(settled.status == 0, "\(settled.stderr)")
    let listed = try binary.run(["list", "--store", phone, "--json"])
    let items =
      try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
    let notes = Dictionary(
      uniqueKeysWithValues: items.compactMap { item in
        (item["url"] as? String).map { ($0, item["note"] as? String ?? "") }
      })
    #expect(notes["https://example.org/a"] == "phone")
    #expect(notes["https://example.org/b"] == "laptop")
    #expect(try git.runGit(["status", "--porcelain"], in: phone) == "")
    try git.runGit(["fsck", "--strict"], in: phone)
  }
}
