// What a remote (or a hand) can put in a store that holder-git must refuse or
// neutralise: bookmark files over the limits, a `.gitattributes` that names another merge
// driver, files outside `bookmarks/`, and the store's own folders made symbolic links.
import Foundation
import HolderCoreTestSupport
import HolderTestSupport
import Testing

@Suite struct HostileStoreTests {
  typealias Setup = HostileRemote

  func setUp() throws -> Setup { try HostileRemote() }

  /// The attacker commits `files` (path → content) with plain git and pushes.
  func push(_ setup: Setup, _ files: [String: String], executable: [String] = []) throws {
    let git = setup.binary.git
    for (path, content) in files {
      let full = setup.attacker + "/" + path
      try FileManager.default.createDirectory(
        atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try content.write(toFile: full, atomically: true, encoding: .utf8)
    }
    for path in executable {
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: setup.attacker + "/" + path)
    }
    try git.runGit(["add", "-A"], in: setup.attacker)
    try git.runGit(["commit", "-q", "-m", "tidy"], in: setup.attacker)
    try git.runGit(["push", "-q", "origin", "main"], in: setup.attacker)
  }

  /// A bookmark file as the codec writes it, with `tags` and `note`.
  static func bookmark(url: String, tags: [String], note: String = "") -> String {
    let tagList = tags.map { "\"\($0)\"" }.joined(separator: ", ")
    return """
      {
        "id": "0f8c5a4e-2b7d-4c1e-9a53-6d2f1e8b7c90",
        "url": "\(url)",
        "title": "T",
      \(note.isEmpty ? "" : "  \"note\": \"\(note)\",\n")  "tags": [\(tagList)],
        "favorite": false,
        "created": "2026-11-21T09:14:03.120Z",
        "lastModified": "2026-11-21T09:14:03.120Z"
      }

      """
  }

  static let overTagged = bookmark(
    url: "https://example.org/many", tags: (0..<2000).map { "t\($0)" })
  static let overSized = bookmark(
    url: "https://example.org/big", tags: ["a"],
    note: String(repeating: "x", count: 1_100_000))

  /// A bookmark over one of the limits; the file itself is made in the test, so that the
  /// test's name (which Swift Testing prints with its arguments) stays one short line.
  enum OverLimit: String, CaseIterable, Sendable {
    case tooManyTags, tooBig

    var path: String {
      self == .tooManyTags
        ? "bookmarks/e/example.org/many-x.json" : "bookmarks/e/example.org/big-x.json"
    }
    var content: String { self == .tooManyTags ? overTagged : overSized }
    var limit: String { self == .tooManyTags ? "2,000 tags" : "1,048,576 bytes" }
  }

  /// A file with 2,000 tags or of 1.1 MB, pushed with plain git: sync and clone refuse the
  /// tree naming the file and the limit, and change nothing.
  @Test(arguments: OverLimit.allCases)
  func aBookmarkOverTheLimitsIsRefusedFromARemote(_ file: OverLimit) throws {
    let (path, content, limit) = (file.path, file.content, file.limit)
    let setup = try setUp()
    let head = try setup.binary.git.revParse("HEAD", in: setup.victim)
    try push(setup, [path: content])

    let sync = try setup.binary.run(["sync", "--store", setup.victim])
    #expect(sync.status != 0)
    #expect(sync.stderr.contains(path), "\(sync.stderr)")
    #expect(sync.stderr.contains(limit), "\(sync.stderr)")
    #expect(sync.stderr.contains("nothing was changed"), "\(sync.stderr)")
    #expect(try setup.binary.git.revParse("HEAD", in: setup.victim) == head)

    let clone = try setup.binary.run(["clone", setup.remote, setup.binary.git.path("copy")])
    #expect(clone.status != 0)
    #expect(clone.stderr.contains(path) && clone.stderr.contains(limit), "\(clone.stderr)")
  }

  /// The same file written by hand: every command goes on with the others and names it, with
  /// the limit, in well under a second.
  @Test func aHandEditedBookmarkOverTheLimitsIsNamed() throws {
    let setup = try setUp()
    let folder = setup.victim + "/bookmarks/e/example.org"
    try Self.overTagged.write(toFile: folder + "/many-x.json", atomically: true, encoding: .utf8)
    for command in [["list"], ["check"], ["tags"]] {
      let started = Date()
      let result = try setup.binary.run(command + ["--store", setup.victim])
      #expect(Date().timeIntervalSince(started) < 10)
      let text = result.stdout + result.stderr
      #expect(text.contains("many-x.json"), "\(command): \(text)")
      #expect(text.contains("2,000 tags") && text.contains("at most 1,000"), "\(command): \(text)")
    }
    let list = try setup.binary.run(["list", "--store", setup.victim])
    #expect(list.stdout.contains("example.org/a"))
  }

  /// A `.gitattributes` that gives bookmark files another merge driver (here git's `union`,
  /// which glues two versions into one broken file) is refused, naming its line; and
  /// holder-git's own attributes in `.git/info/attributes` win over it in any case.
  @Test func aGitAttributesNamingAnotherMergeDriverIsRefusedAndHasNoEffect() throws {
    let setup = try setUp()
    let head = try setup.binary.git.revParse("HEAD", in: setup.victim)
    let hostile = "/bookmarks/** -text merge=holder-git\n/bookmarks/** merge=union\n"
    try push(setup, [".gitattributes": hostile])

    let sync = try setup.binary.run(["sync", "--store", setup.victim])
    #expect(sync.status != 0)
    #expect(sync.stderr.contains(".gitattributes"), "\(sync.stderr)")
    #expect(sync.stderr.contains("line 2"), "\(sync.stderr)")
    #expect(sync.stderr.contains("merge=union"), "\(sync.stderr)")
    #expect(try setup.binary.git.revParse("HEAD", in: setup.victim) == head)

    // Taken in by a plain `git pull`, the line still does not reach bookmark files.
    try setup.binary.git.runGit(["pull", "-q", "origin", "main"], in: setup.victim)
    let merge = try setup.binary.git.runGit(
      ["check-attr", "merge", "text", "--", "bookmarks/e/example.org/x.json"], in: setup.victim)
    #expect(merge.contains("merge: holder-git"), "\(merge)")
    #expect(merge.contains("text: unset"), "\(merge)")
  }

  /// Files of the user's own outside `bookmarks/` (a README, notes, a script, even executable)
  /// come in as git would and are never read as bookmarks; a file where holder-git's own
  /// folders go is refused.
  @Test func filesOutsideBookmarksComeInAsGitWouldAndTheStoresOwnNamesAreRefused() throws {
    let setup = try setUp()
    try push(
      setup,
      [
        "README.md": "# my bookmarks\n",
        "notes/ideas.json": "{\"url\": \"https://evil.example\"}\n",
        "tools/run.sh": "#!/bin/sh\ntouch /tmp/holder-git-was-run\n",
      ], executable: ["tools/run.sh"])
    let sync = try setup.binary.run(["sync", "--store", setup.victim])
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(FileManager.default.fileExists(atPath: setup.victim + "/README.md"))
    #expect(!FileManager.default.fileExists(atPath: "/tmp/holder-git-was-run"))
    let list = try setup.binary.run(["list", "--store", setup.victim])
    #expect(!list.stdout.contains("evil.example"))
    #expect(try setup.binary.run(["check", "--store", setup.victim]).status == 0)
    let status = try setup.binary.git.runGit(["status", "--porcelain"], in: setup.victim)
    #expect(!status.contains("README") && !status.contains("notes/"), "\(status)")
    // Left for the work-tree writer, whose Change carries no file mode.
    withKnownIssue(
      "an executable file outside bookmarks/ is checked out without its x bit, and git's index then records a staged mode change"
    ) {
      #expect(status.isEmpty, "\(status)")
    }

    let head = try setup.binary.git.revParse("HEAD", in: setup.victim)
    try setup.binary.git.runGit(["rm", "-q", "-r", "README.md"], in: setup.attacker)
    try push(setup, ["tags": "not a folder\n"])
    let refused = try setup.binary.run(["sync", "--store", setup.victim])
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("'tags'"), "\(refused.stderr)")
    #expect(try setup.binary.git.revParse("HEAD", in: setup.victim) == head)
  }

  /// A store folder made a symbolic link by hand is never written through.
  ///
  /// `.holder/local`, `tags` or `.holder` made a link: a command that would write stops before it changes anything and names the
  /// link and what to do (`add` used to commit, then fail on its caches); `check --fix` puts
  /// a real `tags` folder back.
  @Test(arguments: [".holder/local", "tags", ".holder"])
  func aStoreFolderMadeALinkIsNeverWrittenThrough(_ folder: String) throws {
    let setup = try setUp()
    let store = setup.victim
    let outside = setup.binary.git.path("outside")
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    let moved = outside + "/moved"
    try FileManager.default.createDirectory(
      atPath: store + "/" + folder, withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: store + "/" + folder, toPath: moved)
    try FileManager.default.createSymbolicLink(
      atPath: store + "/" + folder, withDestinationPath: moved)
    let before = try FileManager.default.subpathsOfDirectory(atPath: outside).sorted()
    let head = try setup.binary.git.revParse("HEAD", in: store)

    let add = try setup.binary.run(["add", "--store", store, "https://example.org/b", "--tag", "x"])
    #expect(add.status == 1, "\(add.stderr)")
    #expect(add.stderr.contains("\(folder)'"), "\(add.stderr)")
    #expect(add.stderr.contains("symbolic link"), "\(add.stderr)")
    #expect(try setup.binary.git.revParse("HEAD", in: store) == head)
    #expect(try FileManager.default.subpathsOfDirectory(atPath: outside).sorted() == before)
    if folder == "tags" {
      #expect(try setup.binary.run(["check", "--fix", "--store", store]).status == 0)
      #expect(try setup.binary.run(["add", "--store", store, "https://example.org/b"]).status == 0)
      #expect(try FileManager.default.subpathsOfDirectory(atPath: outside).sorted() == before)
    }
  }
}
