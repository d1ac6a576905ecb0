import Foundation
import HolderTestSupport
import Testing

/// A bookmark file moved or renamed by hand is the same bookmark.
///
/// `status` lists the move, and `commit` and `sync` take it in by its id and put it back at
/// its URL's path, never committing a deletion. Judged by git: the work tree clean and
/// `git fsck` content after.
@Suite struct HandMovedFileTests {
  /// A store with two bookmarks, the first with a note; returns its path, the first one's
  /// file and id.
  private func store(_ binary: HolderBinary) throws -> (store: String, file: String, id: String) {
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let added = try binary.run([
      "add", "--store", store, "https://example.com/page1", "--title", "Page one", "--note",
      "typed by me", "--tag", "reading/later",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try binary.run(["add", "--store", store, "https://other.org/x"]).status == 0)
    let files = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
      .split(separator: "\n").map(String.init)
    let file = try #require(files.first { $0.contains("example.com") })
    let text = try String(contentsOfFile: store + "/" + file, encoding: .utf8)
    let id = try #require(text.firstMatch(of: /"id": "([0-9a-f-]{36})"/)).1
    return (store, file, String(id))
  }

  private func move(_ from: String, to: String, in store: String) throws {
    let target = URL(fileURLWithPath: store + "/" + to)
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: store + "/" + from, toPath: target.path)
  }

  /// The bookmark is back at its path with its id and note, nothing was deleted from HEAD,
  /// and git finds the work tree and the objects in order.
  private func expectKept(
    _ binary: HolderBinary, store: String, file: String, id: String, moved: String,
    filesBefore: String, deletionsInHistory: Bool = false
  ) throws {
    let text = try String(contentsOfFile: store + "/" + file, encoding: .utf8)
    #expect(text.contains("\"id\": \"\(id)\""))
    #expect(text.contains("\"note\": \"typed by me\""))
    #expect(!FileManager.default.fileExists(atPath: store + "/" + moved))
    #expect(try binary.git.runGit(["ls-files", "bookmarks"], in: store) == filesBefore)
    #expect(
      try binary.git.runGit(["ls-tree", "-r", "--name-only", "HEAD"], in: store)
        .contains(file))
    let log = try binary.git.runGit(["log", "--name-status", "--format="], in: store)
    #expect(
      deletionsInHistory || !log.split(separator: "\n").contains { $0.hasPrefix("D") }, "\(log)")
    #expect(
      try binary.git.runGit(["status", "--porcelain", "--untracked-files=all"], in: store) == "")
    try binary.git.runGit(["fsck", "--strict", "--full"], in: store)
    let shown = try binary.run(["show", "--store", store, id])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.contains("typed by me"))
    let check = try binary.run(["check", "--store", store])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    // Its tag view is back, and none is left for where it was moved to.
    let views = try FileManager.default.subpathsOfDirectory(atPath: store + "/tags/reading/later")
    #expect(views.count == 1, "\(views)")
    #expect(
      views.first.map { file.hasSuffix(String($0.split(separator: "-", maxSplits: 1)[1])) } == true)
  }

  @Test(arguments: [
    "bookmarks/o/other.org/MOVED.json",  // across hosts
    "bookmarks/e/example.com/renamed.json",  // renamed in its folder
    "bookmarks/e/example.com/sub/MOVED.json",  // into a sub-folder
    "bookmarks/n/new.net/MOVED.json",  // into a folder git has not seen
  ])
  func aFileMovedByHandIsTakenInAsTheSameBookmark(to destination: String) throws {
    let binary = try HolderBinary()
    let (store, file, id) = try store(binary)
    let filesBefore = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
    let moved = destination.replacingOccurrences(
      of: "MOVED.json", with: String(file.split(separator: "/").last ?? ""))
    try move(file, to: moved, in: store)
    // A read brings tag views up to date with the file where it was moved to (one in a
    // sub-folder of a host folder is only reported).
    try binary.run(["list", "--store", store, "--tag", "reading"])

    let check = try binary.run(["check", "--store", store])
    #expect(check.status == 1)
    #expect(!(check.stdout + check.stderr).contains("remove it"), "\(check.stdout)")

    let status = try binary.run(["status", "--store", store])
    #expect(status.status == 0, "\(status.stderr)")
    #expect(!status.stdout.contains("No uncommitted hand edits"), "\(status.stdout)")
    #expect(status.stdout.contains("file moved by hand to '\(moved)'"), "\(status.stdout)")
    #expect(status.stdout.contains("commit puts it at '\(file)'"), "\(status.stdout)")

    let commit = try binary.run(["commit", "--store", store])
    #expect(commit.status == 0, "\(commit.stderr)")
    #expect(!commit.stderr.contains("git_index"), "\(commit.stderr)")
    #expect(!commit.stderr.contains("deletion"), "\(commit.stderr)")
    #expect(commit.stderr.contains("it is now at '\(file)'"), "\(commit.stderr)")
    // Put back with nothing else changed, nothing is committed, and the command says so.
    #expect(!commit.stderr.contains("Committed hand edit"), "\(commit.stderr)")
    #expect(commit.stderr.contains("so nothing was committed"), "\(commit.stderr)")
    try expectKept(
      binary, store: store, file: file, id: id, moved: moved, filesBefore: filesBefore)
  }

  @Test func aFileMovedWithGitMvIsTakenInAsTheSameBookmark() throws {
    let binary = try HolderBinary()
    let (store, file, id) = try store(binary)
    let filesBefore = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
    let moved = "bookmarks/o/other.org/moved.json"
    try binary.git.runGit(["mv", file, moved], in: store)
    let status = try binary.run(["status", "--store", store])
    #expect(status.stdout.contains("file moved by hand to '\(moved)'"), "\(status.stdout)")

    let commit = try binary.run(["commit", "--store", store])
    #expect(commit.status == 0, "\(commit.stderr)")
    try expectKept(
      binary, store: store, file: file, id: id, moved: moved, filesBefore: filesBefore)
  }

  /// A file moved and edited is that bookmark edited: the edit kept, `lastModified` stamped.
  @Test func aFileMovedAndEditedKeepsTheEditAtItsPath() throws {
    let binary = try HolderBinary()
    let (store, file, id) = try store(binary)
    let before = try String(contentsOfFile: store + "/" + file, encoding: .utf8)
    let moved = "bookmarks/o/other.org/moved.json"
    try move(file, to: moved, in: store)
    let edited = before.replacingOccurrences(of: "Page one", with: "Page one, edited")
    try Data(edited.utf8).write(to: URL(fileURLWithPath: store + "/" + moved))

    let commit = try binary.run(["commit", "--store", store])
    #expect(commit.status == 0, "\(commit.stderr)")
    let after = try String(contentsOfFile: store + "/" + file, encoding: .utf8)
    #expect(after.contains("\"title\": \"Page one, edited\""))
    #expect(after.contains("\"id\": \"\(id)\""))
    #expect(after.contains("typed by me"))
    let stamp = { (text: String) in text.firstMatch(of: /"lastModified": "([^"]+)"/)?.1 }
    #expect(stamp(after) != stamp(before))
    let changed = try binary.git.runGit(["show", "--name-status", "--format=", "HEAD"], in: store)
    #expect(changed == "M\t\(file)\n")
    #expect(
      try binary.git.runGit(["status", "--porcelain", "--untracked-files=all"], in: store) == "")
    try binary.git.runGit(["fsck", "--strict", "--full"], in: store)
  }

  /// `sync` takes the move in the same way before it sends, and the remote keeps the file.
  @Test func syncTakesAMovedFileInWithoutSendingADeletion() throws {
    let binary = try HolderBinary()
    let (store, file, id) = try store(binary)
    let remote = binary.git.path("remote.git")
    try binary.git.runGit(["init", "-q", "--bare", remote], in: binary.git.root)
    try binary.git.runGit(["remote", "add", "origin", remote], in: store)
    #expect(try binary.run(["sync", "--store", store]).status == 0)
    let filesBefore = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
    let moved = "bookmarks/o/other.org/" + String(file.split(separator: "/").last ?? "")
    try move(file, to: moved, in: store)

    let sync = try binary.run(["sync", "--store", store])
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(!sync.stderr.contains("git_index"), "\(sync.stderr)")
    try expectKept(
      binary, store: store, file: file, id: id, moved: moved, filesBefore: filesBefore)
    #expect(
      try binary.git.runGit(["ls-tree", "-r", "--name-only", "main"], in: remote)
        .contains(file))
    try binary.git.runGit(["fsck", "--strict", "--full"], in: remote)
  }

  /// A moved file that cannot be read is refused and left as it is, and the file it was
  /// moved from is not committed as deleted.
  @Test func aBrokenMovedFileIsRefusedAndItsOldPathIsNotDeleted() throws {
    let binary = try HolderBinary()
    let (store, file, _) = try store(binary)
    let remote = binary.git.path("remote.git")
    try binary.git.runGit(["init", "-q", "--bare", remote], in: binary.git.root)
    try binary.git.runGit(["remote", "add", "origin", remote], in: store)
    let head = try binary.git.runGit(["rev-parse", "HEAD"], in: store)
    let moved = "bookmarks/o/other.org/moved.json"
    try move(file, to: moved, in: store)
    let broken =
      try String(contentsOfFile: store + "/" + moved, encoding: .utf8)
      .replacingOccurrences(of: "\"favorite\": false,", with: "\"favorite\": fals,")
    try Data(broken.utf8).write(to: URL(fileURLWithPath: store + "/" + moved))

    for command in ["commit", "sync"] {
      let run = try binary.run([command, "--store", store])
      #expect(run.status != 0 || command == "sync")
      #expect(run.stderr.contains("'\(moved)'"), "\(run.stderr)")
      #expect(
        run.stderr.contains("its deletion waits until that file is fixed"), "\(run.stderr)")
      #expect(try binary.git.runGit(["rev-parse", "HEAD"], in: store) == head)
      #expect(try String(contentsOfFile: store + "/" + moved, encoding: .utf8) == broken)
      if command == "sync" {
        #expect(
          try binary.git.runGit(["ls-tree", "-r", "--name-only", "main"], in: remote)
            .contains(file))
      }
      #expect(
        try binary.git.runGit(["ls-tree", "-r", "--name-only", "HEAD"], in: store)
          .contains(file))
    }
  }

  /// A file moved with its URL changed to one another bookmark holds is refused, untouched,
  /// and the file it was moved from is not committed as deleted.
  @Test func aMovedFileWhoseURLIsSavedByAnotherBookmarkIsRefused() throws {
    let binary = try HolderBinary()
    let (store, file, _) = try store(binary)
    let head = try binary.git.runGit(["rev-parse", "HEAD"], in: store)
    let moved = "bookmarks/o/other.org/moved.json"
    try move(file, to: moved, in: store)
    let changed = try String(contentsOfFile: store + "/" + moved, encoding: .utf8)
      .replacingOccurrences(of: "https://example.com/page1", with: "https://other.org/x")
    try Data(changed.utf8).write(to: URL(fileURLWithPath: store + "/" + moved))

    let commit = try binary.run(["commit", "--store", store])
    #expect(commit.status != 0)
    #expect(commit.stderr.contains("holds already"), "\(commit.stderr)")
    #expect(
      commit.stderr.contains("its deletion waits until that file is fixed"), "\(commit.stderr)")
    #expect(try String(contentsOfFile: store + "/" + moved, encoding: .utf8) == changed)
    #expect(try binary.git.runGit(["rev-parse", "HEAD"], in: store) == head)
  }

  /// A new file put in the wrong folder is taken in at its URL's path.
  @Test func aNewFileAtAWrongPathIsTakenInAtItsURLsPath() throws {
    let binary = try HolderBinary()
    let (store, _, _) = try store(binary)
    let placed = "bookmarks/o/other.org/mine.json"
    try """
    {
      "id": "00000000-0000-4000-8000-0000000000aa",
      "url": "https://new.example/page",
      "title": "Mine",
      "tags": [],
      "favorite": false,
      "created": "2026-01-01T00:00:00.000Z",
      "lastModified": "2026-01-01T00:00:00.000Z"
    }

    """.write(toFile: store + "/" + placed, atomically: true, encoding: .utf8)
    let commit = try binary.run(["commit", "--store", store])
    #expect(commit.status == 0, "\(commit.stderr)")
    #expect(!FileManager.default.fileExists(atPath: store + "/" + placed))
    let shown = try binary.run(["show", "--store", store, "00000000-0000-4000-8000-0000000000aa"])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(
      try binary.git.runGit(["status", "--porcelain", "--untracked-files=all"], in: store) == "")
    let check = try binary.run(["check", "--store", store])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
  }

  /// Saving the link of a bookmark whose file was moved by hand and not yet taken in asks for
  /// the move to be committed first, instead of saving a second copy at the URL's path that
  /// every later sync would refuse; after `commit`, the link is already saved.
  @Test func addingTheLinkOfAMovedFileAsksForTheMoveToBeCommittedFirst() throws {
    let binary = try HolderBinary()
    let (store, file, id) = try store(binary)
    let moved = "bookmarks/o/other.org/moved.json"
    try move(file, to: moved, in: store)

    let again = try binary.run(["add", "--store", store, "https://example.com/page1"])
    #expect(again.status == 1, "\(again.stderr)")
    #expect(again.stderr.contains("holder-git commit"), "\(again.stderr)")
    let lines = try binary.run(
      ["add", "--store", store, "-"], stdin: Array("https://example.com/page1\n".utf8))
    #expect(lines.stdout.contains("refused"), "\(lines.stdout)\(lines.stderr)")
    #expect(!FileManager.default.fileExists(atPath: store + "/" + file))

    #expect(try binary.run(["commit", "--store", store]).status == 0)
    let saved = try binary.run(["add", "--store", store, "https://example.com/page1"])
    #expect(saved.status == 3, "\(saved.stderr)")
    try expectKept(
      binary, store: store, file: file, id: id, moved: moved,
      filesBefore: try binary.git.runGit(["ls-files", "bookmarks"], in: store))
  }

  /// A move that plain `git commit -a` took for a deletion, then `undo`: the bookmark is back at
  /// its path and the moved file is a copy of it, so the next `commit`
  /// removes the copy and says so (only its `lastModified` differs), and `git status` is clean (it used to stay untracked, and
  /// every `sync` refused it).
  @Test func aCopyLeftBesideTheBookmarkItCopiesIsRemovedWithANote() throws {
    let binary = try HolderBinary()
    let (store, file, id) = try store(binary)
    let filesBefore = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
    let moved = "bookmarks/e/example.com/renamed.json"
    try move(file, to: moved, in: store)
    try binary.git.runGit(["commit", "-q", "-a", "-m", "plain"], in: store)
    #expect(try binary.run(["undo", "--store", store]).status == 0)

    let commit = try binary.run(["commit", "--store", store])
    #expect(commit.status == 0, "\(commit.stderr)")
    #expect(
      commit.stderr.contains("'\(moved)' is a copy of '\(file)', nothing typed in it differs"),
      "\(commit.stderr)")
    try expectKept(
      binary, store: store, file: file, id: id, moved: moved, filesBefore: filesBefore,
      deletionsInHistory: true)
  }
}
