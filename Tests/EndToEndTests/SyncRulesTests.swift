import Foundation
import HolderTestSupport
import Testing

/// The sync rules as a user meets them with two clones and a bare remote: a tag typed after a
/// rename keeps its name, an edit committed with plain git wins by its commit's time, and a dry run
/// lists everything the sync would do.
@Suite struct SyncRulesTests {
  /// A laptop store with `urls` pushed to a bare remote, and a phone cloned from it.
  private func twoMachines(_ binary: HolderBinary, _ urls: [String], env: [String: String] = [:])
    throws -> (laptop: String, phone: String)
  {
    let git = binary.git
    let remote = git.path("remote.git")
    try git.runGit(["init", "-q", "--bare", remote], in: git.root)
    let laptop = git.path("laptop")
    #expect(try binary.run(["init", laptop]).status == 0)
    try git.runGit(["remote", "add", "origin", remote], in: laptop)
    for url in urls {
      let added = try binary.run(
        ["add", "--store", laptop, url, "--title", "Base", "--tag", "dev"], env: env)
      #expect(added.status == 0, "\(added.stderr)")
    }
    #expect(try binary.run(["sync", "--store", laptop]).status == 0)
    let phone = git.path("phone")
    #expect(try binary.run(["clone", remote, phone]).status == 0)
    return (laptop, phone)
  }

  private func tree(_ binary: HolderBinary, _ store: String) throws -> String {
    try binary.git.runGit(["rev-parse", "HEAD^{tree}"], in: store)
  }

  @Test func aTagTypedAfterARenameIsNotRenamedByALaterSync() throws {
    let binary = try HolderBinary()
    let (laptop, phone) = try twoMachines(binary, ["https://one.example/"])
    #expect(try binary.run(["tag", "rename", "--store", laptop, "dev", "code"]).status == 0)
    let added = try binary.run([
      "add", "--store", laptop, "https://two.example/", "--tag", "dev/tools",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try binary.run(["sync", "--store", laptop]).status == 0)
    // The phone did not know the rename: its own new link follows it, the laptop's does not.
    #expect(
      try binary.run(["add", "--store", phone, "https://three.example/", "--tag", "dev"]).status
        == 0)
    let merged = try binary.run(["sync", "--store", phone])
    #expect(merged.status == 0, "\(merged.stderr)")
    #expect(!merged.stderr.contains("settled:"), "\(merged.stderr)")
    // Later syncs from both sides, each with a change of its own.
    #expect(try binary.run(["add", "--store", laptop, "https://four.example/"]).status == 0)
    #expect(try binary.run(["add", "--store", phone, "https://five.example/"]).status == 0)
    for store in [laptop, phone, laptop] {
      let sync = try binary.run(["sync", "--store", store])
      #expect(sync.status == 0, "\(sync.stderr)")
    }
    #expect(try tree(binary, laptop) == tree(binary, phone))
    for store in [laptop, phone] {
      let tools = try binary.run(["list", "--store", store, "--tag", "dev/tools"]).stdout
      #expect(tools.contains("two.example"), "\(store): \(tools)")
      let code = try binary.run(["list", "--store", store, "--tag", "code"]).stdout
      #expect(code.contains("one.example") && code.contains("three.example"), "\(code)")
      #expect(!code.contains("two.example"), "\(code)")
      let conflicts = try binary.run(["conflicts", "--store", store])
      #expect(!conflicts.stdout.contains("two.example"), "\(conflicts.stdout)")
    }
  }

  /// Two machines that edited the same bookmarks, one of them with plain git.
  ///
  /// The base is saved on the 21st; the phone edits with holder-git on the 22nd; the laptop
  /// edits the files by hand and commits them with plain git on the 23rd, keeping the old
  /// `lastModified`. The laptop's edit is the later one and wins, through `sync` and through
  /// `git pull` and its merge driver.
  private func editedOnBothSides(_ binary: HolderBinary) throws -> (
    laptop: String, phone: String, files: [String]
  ) {
    let git = binary.git
    let (laptop, phone) = try twoMachines(
      binary, ["https://one.example/", "https://two.example/"],
      env: ["HOLDER_GIT_NOW": "2026-11-21T09:00:00Z"])
    let phoneTime = ["HOLDER_GIT_NOW": "2026-11-22T09:00:00Z"]
    #expect(
      try binary.run(
        ["edit", "--store", phone, "https://one.example/", "--title", "Phone"], env: phoneTime
      ).status == 0)
    #expect(
      try binary.run(["rm", "--store", phone, "https://two.example/"], env: phoneTime).status
        == 0)
    #expect(try binary.run(["sync", "--store", phone]).status == 0)

    let files = try git.runGit(["ls-files", "bookmarks"], in: laptop)
      .split(separator: "\n").map(String.init).sorted()
    #expect(files.count == 2)
    for (file, old, new) in [
      (files[0], "\"title\": \"Base\"", "\"title\": \"Laptop\""),
      (files[1], "\"title\": \"Base\",", "\"title\": \"Base\",\n  \"note\": \"keep me\","),
    ] {
      let path = laptop + "/" + file
      let text = try String(contentsOfFile: path, encoding: .utf8)
      #expect(text.contains(old), "\(text)")
      try Data(text.replacingOccurrences(of: old, with: new).utf8)
        .write(to: URL(fileURLWithPath: path))
    }
    let date = "2026-11-23T09:00:00+0000"
    try git.runGit(
      ["commit", "-q", "-am", "Fix by hand"], in: laptop,
      env: ["GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date])
    return (laptop, phone, files)
  }

  @Test func anEditCommittedWithPlainGitWinsByItsCommitTime() throws {
    let binary = try HolderBinary()
    let (laptop, phone, _) = try editedOnBothSides(binary)
    let sync = try binary.run(["sync", "--store", laptop])
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(try binary.run(["sync", "--store", phone]).status == 0)
    #expect(try tree(binary, laptop) == tree(binary, phone))
    for store in [laptop, phone] {
      let list = try binary.run(["list", "--store", store]).stdout
      #expect(list.contains("Laptop"), "\(store): \(list)")
      #expect(!list.contains("Phone"), "\(store): \(list)")
      #expect(list.contains("two.example"), "the later hand edit beats the deletion: \(list)")
    }
    let conflicts = try binary.run(["conflicts", "--store", laptop]).stdout
    #expect(conflicts.contains("2026-11-23T09:00:00.000Z"), "\(conflicts)")
  }

  @Test func gitPullMergesAnEditCommittedWithPlainGitByItsCommitTime() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let (laptop, _, files) = try editedOnBothSides(binary)
    // git stops on the deletion against the change; the title's file is merged by the driver.
    _ = try? git.runGit(["pull", "-q", "--no-edit", "origin", "main"], in: laptop)
    let merged = try String(contentsOfFile: laptop + "/" + files[0], encoding: .utf8)
    #expect(merged.contains("\"title\": \"Laptop\""), "the merge driver: \(merged)")
    // The next write settles what git left: the hand edit beats the deletion too.
    #expect(try binary.run(["check", "--fix", "--store", laptop]).status == 0)
    let list = try binary.run(["list", "--store", laptop])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("Laptop") && list.stdout.contains("two.example"), "\(list.stdout)")
    #expect(try git.runGit(["status", "--porcelain"], in: laptop) == "")
  }

  @Test func aDryRunListsWhatTheSyncWouldSendTakeInAndSettle() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let (laptop, phone) = try twoMachines(binary, ["https://one.example/"])
    #expect(try binary.run(["add", "--store", laptop, "https://sent.example/"]).status == 0)
    let waiting = try binary.run(["sync", "--store", laptop, "--dry-run"])
    #expect(waiting.status == 0, "\(waiting.stderr)")
    #expect(waiting.stdout.contains("would send: Added \"sent.example"), "\(waiting.stdout)")
    #expect(waiting.stderr.contains("Would send 1 change to 'origin'"), "\(waiting.stderr)")
    #expect(try binary.run(["status", "--store", laptop]).stdout.contains("1 commit to send"))

    // Now the phone has changes too, one of them to the same field.
    #expect(
      try binary.run(["edit", "--store", phone, "https://one.example/", "--title", "Phone"])
        .status == 0)
    #expect(try binary.run(["add", "--store", phone, "https://taken.example/"]).status == 0)
    #expect(try binary.run(["sync", "--store", phone]).status == 0)
    #expect(
      try binary.run(["edit", "--store", laptop, "https://one.example/", "--title", "Laptop"])
        .status == 0)
    let file = try git.runGit(["ls-files", "bookmarks/s"], in: laptop)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let text = try String(contentsOfFile: laptop + "/" + file, encoding: .utf8)
    let url = "\"url\": \"https://sent.example/\","
    #expect(text.contains(url), "\(text)")
    try Data(text.replacingOccurrences(of: url, with: url + "\n  \"note\": \"by hand\",").utf8)
      .write(to: URL(fileURLWithPath: laptop + "/" + file))
    let head = try git.runGit(["rev-parse", "HEAD"], in: laptop)
    let plan = try binary.run(["sync", "--store", laptop, "--dry-run"])
    #expect(plan.status == 0, "\(plan.stderr)")
    let lines = plan.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("would commit: Changed \"sent.example") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("would send: Added \"sent.example") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("would take in: Added \"taken.example") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("would settle: ") && $0.contains("title") }, "\(lines)")
    #expect(plan.stderr.contains("Would commit 1 hand edit"), "\(plan.stderr)")
    #expect(plan.stderr.contains("settle 1 conflict"), "\(plan.stderr)")
    // Nothing changed: the same commit, the hand edit still uncommitted.
    #expect(try git.runGit(["rev-parse", "HEAD"], in: laptop) == head)
    #expect(try git.runGit(["status", "--porcelain"], in: laptop).contains(file))
  }

  /// Commits that change no bookmark (a plain git commit of another file) are taken in and
  /// said so, not as "Took in 0 changes".
  @Test func commitsThatChangeNoBookmarkAreSaidSo() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let (laptop, phone) = try twoMachines(binary, ["https://example.org/1"])
    try Data("notes\n".utf8).write(to: URL(fileURLWithPath: laptop + "/NOTES.txt"))
    try git.runGit(["add", "NOTES.txt"], in: laptop)
    try git.runGit(["commit", "-q", "-m", "Notes"], in: laptop)
    try git.runGit(["push", "-q", "origin", "HEAD:main"], in: laptop)
    let sync = try binary.run(["sync", "--store", phone])
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(sync.stderr.contains("that change no bookmark"), "\(sync.stderr)")
    #expect(FileManager.default.fileExists(atPath: phone + "/NOTES.txt"))
  }
}
