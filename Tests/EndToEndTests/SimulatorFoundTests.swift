import Foundation
import HolderTestSupport
import Testing

/// Histories the simulator (`scripts/simulate`) found failing, each cut down to its fewest
/// steps and replayed here through the binary and plain git, as a person would run them.
@Suite struct SimulatorFoundTests {
  private func file(of url: String, in store: String, _ binary: HolderBinary) throws -> String {
    let files = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
      .split(separator: "\n").map(String.init)
    return try #require(files.first { $0.contains(url) })
  }

  /// Pastes the `"id"` line of the file at `source` over the one of the file at `target`, as
  /// a person copying it in an editor would.
  private func pasteID(of source: String, into target: String) throws {
    let idLine = try #require(
      try String(contentsOfFile: source, encoding: .utf8).split(separator: "\n").first {
        $0.hasPrefix("  \"id\"")
      })
    let text = try String(contentsOfFile: target, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map { $0.hasPrefix("  \"id\"") ? idLine : $0 }.joined(separator: "\n")
    try Data(text.utf8).write(to: URL(fileURLWithPath: target))
  }

  /// A laptop that saved https://start.example/ (tagged `tags`) and synced it to a bare
  /// remote, and a phone cloned from there with `holder-git clone`.
  private func laptopAndPhone(_ binary: HolderBinary, tags: [String] = ["start"]) throws
    -> (laptop: String, phone: String)
  {
    let remote = binary.git.path("remote.git")
    let laptop = binary.git.path("laptop")
    let phone = binary.git.path("phone")
    try binary.git.runGit(["init", "-q", "--bare", remote], in: binary.git.root)
    #expect(try binary.run(["init", laptop]).status == 0)
    #expect(try binary.run(["remote", "add", "--store", laptop, "origin", remote]).status == 0)
    let add =
      ["add", "--store", laptop, "https://start.example/"] + tags.flatMap { ["--tag", $0] }
    #expect(try binary.run(add).status == 0)
    #expect(try binary.run(["sync", "--store", laptop]).status == 0)
    #expect(try binary.run(["clone", remote, phone]).status == 0)
    return (laptop, phone)
  }

  private func expectInOrder(_ binary: HolderBinary, _ store: String) throws {
    let check = try binary.run(["check", "--store", store])
    #expect(check.status == 0, "\(check.stdout) \(check.stderr)")
    #expect(
      try binary.git.runGit(["status", "--porcelain", "--untracked-files=all"], in: store) == "")
    try binary.git.runGit(["fsck", "--strict", "--full"], in: store)
  }

  /// A file broken by hand keeps its tag views through a command that rebuilds them.
  ///
  /// `undo` rebuilds them; mended by hand afterwards (back to what is committed, so no command
  /// sees an edit), the file is in its tags again. Its views used to stay missing until
  /// `check --fix`.
  @Test func aBrokenFileMendedByHandKeepsItsTagViews() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(
      try binary.run(["add", "--store", store, "https://h7.example/p", "--tag", "read"]).status
        == 0)
    let path = store + "/" + (try file(of: "h7.example", in: store, binary))
    let original = try Data(contentsOf: URL(fileURLWithPath: path))
    try (original + Data("oops,\n".utf8)).write(to: URL(fileURLWithPath: path))
    #expect(try binary.run(["add", "--store", store, "https://other.example/"]).status == 0)
    let undo = try binary.run(["undo", "--store", store])
    #expect(undo.status == 0, "\(undo.stderr)")
    try original.write(to: URL(fileURLWithPath: path))
    try expectInOrder(binary, store)
    let links = try FileManager.default.contentsOfDirectory(atPath: store + "/tags/read")
    #expect(links.count == 1, "\(links)")
  }

  /// A file broken by hand keeps its tag views while another hand edit is committed.
  ///
  /// `commit` takes in the edit and refuses the broken file; it used to remove the broken
  /// file's views as if it had been taken in, so the file mended by hand was in no tag.
  @Test func aBrokenFileKeepsItsTagViewsWhileAnotherEditIsCommitted() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    for args in [
      ["add", "--store", store, "https://h7.example/p", "--tag", "read", "--tag", "Dev"],
      ["add", "--store", store, "https://start.example/"],
    ] {
      #expect(try binary.run(args).status == 0)
    }
    let broken = store + "/" + (try file(of: "h7.example", in: store, binary))
    let original = try Data(contentsOf: URL(fileURLWithPath: broken))
    try (original + Data("oops,\n".utf8)).write(to: URL(fileURLWithPath: broken))
    let edited = store + "/" + (try file(of: "start.example", in: store, binary))
    let text = try String(contentsOfFile: edited, encoding: .utf8)
    try Data(
      text.replacingOccurrences(of: "\"title\": \"start.example\"", with: "\"title\": \"Start\"")
        .utf8
    ).write(to: URL(fileURLWithPath: edited))
    // It says which file it could not read (and so exits 1), and commits the other.
    let commit = try binary.run(["commit", "--store", store])
    #expect(commit.stderr.contains("h7.example"), "\(commit.stderr)")
    let subject = try binary.git.runGit(["log", "-1", "--format=%s"], in: store)
    #expect(subject.contains("Start"), "\(subject)")
    try original.write(to: URL(fileURLWithPath: broken))
    try expectInOrder(binary, store)
    for tag in ["read", "Dev"] {
      let links = try FileManager.default.contentsOfDirectory(atPath: store + "/tags/" + tag)
      #expect(links.count == 1, "\(tag): \(links)")
    }
  }

  /// A file moved by hand into a sub-folder, then changed on another machine and taken in by
  /// plain `git pull`, leaves the moved copy holding the older committed version: the next
  /// `sync` removes it with a note, as nothing typed in it differs, instead of leaving it
  /// untracked for every later sync to warn about.
  @Test func aMovedCopyOlderThanAPullIsRemoved() throws {
    let binary = try HolderBinary()
    let (laptop, phone) = try laptopAndPhone(binary)

    let relative = try file(of: "start.example", in: phone, binary)
    let folder = URL(fileURLWithPath: phone + "/" + relative).deletingLastPathComponent()
    let moved = folder.appendingPathComponent("sub").appendingPathComponent(
      URL(fileURLWithPath: relative).lastPathComponent)
    try FileManager.default.createDirectory(
      at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: phone + "/" + relative, toPath: moved.path)

    #expect(try binary.run(["tag", "delete", "--store", laptop, "start"]).status == 0)
    #expect(try binary.run(["sync", "--store", laptop]).status == 0)
    _ = try? binary.git.runGit(
      ["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: phone)

    let sync = try binary.run(["sync", "--store", phone])
    #expect(sync.status == 0, "\(sync.stdout) \(sync.stderr)")
    #expect(sync.stderr.contains("nothing typed in it differs"), "\(sync.stderr)")
    #expect(!FileManager.default.fileExists(atPath: moved.path))
    try expectInOrder(binary, phone)
    let shown = try binary.run(["list", "--store", phone, "--json"]).stdout
    #expect(shown.contains("start.example"))
    #expect(!shown.contains("\"start\""), "the tag deleted on the laptop stays deleted: \(shown)")
  }

  /// A file moved by hand, then its bookmark deleted by `undo`: the deletion stands.
  ///
  /// The moved copy holds the old committed version, nothing typed, so `commit` removes it.
  /// It used to be committed as a bookmark added by hand, bringing the deleted one back.
  @Test func aMovedCopyDoesNotUndoADeletionMadeSince() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(try binary.run(["add", "--store", store, "https://keep.example/"]).status == 0)
    #expect(try binary.run(["add", "--store", store, "https://x.example/page"]).status == 0)
    let relative = try file(of: "x.example", in: store, binary)
    let moved = store + "/bookmarks/o/other.example/" + (relative.split(separator: "/").last ?? "")
    try FileManager.default.createDirectory(
      atPath: store + "/bookmarks/o/other.example", withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: store + "/" + relative, toPath: moved)
    let undo = try binary.run(["undo", "--store", store])
    #expect(undo.status == 0, "\(undo.stderr)")

    let commit = try binary.run(["commit", "--store", store])
    #expect(commit.stderr.contains("nothing typed in it differs"), "\(commit.stderr)")
    #expect(!FileManager.default.fileExists(atPath: moved))
    #expect(!(try binary.run(["list", "--store", store, "--json"]).stdout.contains("x.example")))
    try expectInOrder(binary, store)
  }

  /// A file moved by hand on one machine while another deletes its bookmark, the deletion
  /// taken in by plain `git pull`: `check --fix` removes the moved copy (seed 911).
  ///
  /// It used to move the copy back to its URL's path and commit it, and the next sync brought
  /// the deleted bookmark back on every machine. `commit` and `sync` already removed it.
  @Test func checkFixDoesNotBringBackADeletedBookmarkFromAMovedCopy() throws {
    let binary = try HolderBinary()
    let (laptop, phone) = try laptopAndPhone(binary)
    let relative = try file(of: "start.example", in: phone, binary)
    let moved = "bookmarks/o/other.example/" + (relative.split(separator: "/").last ?? "")
    try FileManager.default.createDirectory(
      atPath: phone + "/bookmarks/o/other.example", withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: phone + "/" + relative, toPath: phone + "/" + moved)
    #expect(try binary.run(["rm", "--store", laptop, "https://start.example/"]).status == 0)
    #expect(try binary.run(["sync", "--store", laptop]).status == 0)
    try binary.git.runGit(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: phone)

    let check = try binary.run(["check", "--store", phone])
    #expect(check.stdout.contains("older version"), "\(check.stdout)")
    let fix = try binary.run(["check", "--fix", "--store", phone])
    #expect(fix.status == 0, "\(fix.stdout) \(fix.stderr)")
    #expect(!FileManager.default.fileExists(atPath: phone + "/" + moved))
    try expectInOrder(binary, phone)
    for store in [phone, laptop, phone] {
      #expect(try binary.run(["sync", "--store", store]).status == 0)
    }
    for store in [phone, laptop] {
      let listed = try binary.run(["list", "--store", store, "--json"]).stdout
      #expect(!listed.contains("start.example"), "the deletion stands: \(listed)")
    }
  }

  /// A moved copy removed by `commit` takes its tag views with it, also those of a tag the
  /// store spells another way (`dev` beside `Dev/Swift`): the views a read made of it follow
  /// the file as written (seed 1688).
  @Test func aRemovedCopyTakesTheViewsOfItsTagsAsWritten() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(
      try binary.run([
        "add", "--store", store, "https://h5.example/p", "--tag", "Dev/Swift", "--tag", "dev",
      ]).status == 0)
    let relative = try file(of: "h5.example", in: store, binary)
    let moved = store + "/bookmarks/o/other.example/" + (relative.split(separator: "/").last ?? "")
    try FileManager.default.createDirectory(
      atPath: store + "/bookmarks/o/other.example", withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: store + "/" + relative, toPath: moved)
    #expect(try binary.run(["undo", "--store", store]).status == 0)
    let commit = try binary.run(["commit", "--store", store])
    #expect(commit.stderr.contains("nothing typed in it differs"), "\(commit.stderr)")
    try expectInOrder(binary, store)
  }

  /// A file moved by hand while another machine changes its bookmark's link, the change
  /// taken in by a plain `git pull` that merges: the moved copy holds the old version and goes
  /// (seed 1784).
  ///
  /// The merge that took the change in is plain git's, and the copy used to be taken for a
  /// bookmark of its own: the link changed away came back as a new bookmark everywhere.
  @Test func aMovedCopyOfABookmarkWhoseLinkChangedElsewhereGoes() throws {
    let binary = try HolderBinary()
    let (laptop, phone) = try laptopAndPhone(binary, tags: [])
    let relative = try file(of: "start.example", in: phone, binary)
    let moved = "bookmarks/o/other.example/" + (relative.split(separator: "/").last ?? "")
    try FileManager.default.createDirectory(
      atPath: phone + "/bookmarks/o/other.example", withIntermediateDirectories: true)
    try FileManager.default.moveItem(atPath: phone + "/" + relative, toPath: phone + "/" + moved)
    #expect(
      try binary.run([
        "edit", "--store", laptop, "https://start.example/", "--url", "https://h9.example/p",
      ]).status == 0)
    #expect(try binary.run(["sync", "--store", laptop]).status == 0)
    #expect(try binary.run(["add", "--store", phone, "https://h3.example/p"]).status == 0)
    try binary.git.runGit(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: phone)

    let commit = try binary.run(["commit", "--store", phone])
    #expect(commit.stderr.contains("nothing typed in it differs"), "\(commit.stderr)")
    try expectInOrder(binary, phone)
    for store in [phone, laptop] {
      #expect(try binary.run(["sync", "--store", store]).status == 0)
      let listed = try binary.run(["list", "--store", store, "--json"]).stdout
      #expect(listed.contains("h9.example"), "\(listed)")
      #expect(
        !listed.contains("\"https://start.example/\""),
        "the link changed away stays so: \(listed)")
    }
  }

  /// Another bookmark's id pasted into a file by hand and committed with plain git: the file
  /// gets its own id back, by `check --fix` or by the next merge alike (seed 1822).
  ///
  /// A machine deletes the bookmark whose id was copied; the other merges. The copy used to
  /// get an id derived from the copied one, which reads as its own bookmark deleted and a new
  /// one added, so the other machine's deletion of nothing but the first took both; and of
  /// two files with one id, the merge removed one path only, leaving a deleted bookmark.
  @Test(arguments: [false, true])
  func aPastedIDGivesTheFileItsOwnIDBack(checkFixFirst: Bool) throws {
    let w = try DeletionTimeTests.World()
    try w.run(w.a, at: "00:00:00", ["add", "https://h5.example/p", "--title", "Copied"])
    try w.run(w.a, at: "00:00:01", ["add", "https://start.example/", "--title", "Own"])
    try w.run(w.a, at: "00:00:05", ["sync"])
    try w.clone(w.b, at: "00:00:10")
    let own = try w.binary.run(["show", "--store", w.a, "https://start.example/", "--json"])
    let ownID = try #require(
      (try JSONSerialization.jsonObject(with: Data(own.stdout.utf8)) as? [String: Any])?["id"]
        as? String)
    let copied = w.a + "/" + (try file(of: "h5.example", in: w.a, w.binary))
    let pasted = w.a + "/" + (try file(of: "start.example", in: w.a, w.binary))
    try pasteID(of: copied, into: pasted)
    try w.binary.git.runGit(["commit", "-q", "-a", "-m", "pasted"], in: w.a)
    try w.run(w.b, at: "00:01:00", ["rm", "https://h5.example/p"])
    try w.run(w.b, at: "00:01:10", ["sync"])
    if checkFixFirst { try w.run(w.a, at: "00:02:00", ["check", "--fix"]) }
    try w.run(w.a, at: "00:02:10", ["sync"])
    try w.run(w.b, at: "00:02:20", ["sync"])
    for store in [w.a, w.b] {
      let shown = try w.binary.run(["show", "--store", store, "https://start.example/", "--json"])
      let fields =
        try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any] ?? [:]
      #expect(fields["id"] as? String == ownID, "\(store): \(fields)")
      #expect(fields["title"] as? String == "Own", "\(store): \(fields)")
      let files = try w.binary.git.runGit(["ls-files", "bookmarks"], in: store)
      #expect(!files.contains("h5.example"), "deleted on b: \(files)")
      try expectInOrder(w.binary, store)
    }
  }

  /// An unsynced bookmark's id pasted into an older bookmark's file and committed with plain
  /// git: the new bookmark keeps its id, the older file gets its own back (seed 2662).
  ///
  /// With no merge base for the new id, the earliest created kept it: the older file, so the
  /// new bookmark was renumbered and the older one, its id gone, read as deleted here against
  /// the other machine's change of its link; the new bookmark was lost with it.
  @Test(arguments: [false, true])
  func aPastedIDOfANewBookmarkStaysWithIt(checkFixFirst: Bool) throws {
    let w = try DeletionTimeTests.World()
    try w.run(w.a, at: "00:00:00", ["add", "https://start.example/"])
    try w.run(w.a, at: "00:00:05", ["sync"])
    try w.clone(w.b, at: "00:00:10")
    try w.run(w.a, at: "00:01:00", ["add", "https://h3.example/p", "--tag", "art"])
    try w.run(
      w.b, at: "00:01:10", ["edit", "https://start.example/", "--url", "https://h9.example/p"])
    let copied = w.a + "/" + (try file(of: "h3.example", in: w.a, w.binary))
    let pasted = w.a + "/" + (try file(of: "start.example", in: w.a, w.binary))
    try pasteID(of: copied, into: pasted)
    let date = "2026-05-01T00:01:30Z"
    try w.binary.git.runGit(
      ["commit", "-q", "-a", "-m", "pasted"], in: w.a,
      env: ["GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date])
    try w.run(w.b, at: "00:01:40", ["edit", "https://h9.example/p", "--title", "Edited"])
    try w.run(w.b, at: "00:01:50", ["undo"])
    try w.run(w.a, at: "00:02:00", ["sync"])
    try w.run(w.b, at: "00:02:10", ["sync"])
    if checkFixFirst { try w.run(w.a, at: "00:02:20", ["check", "--fix"]) }
    for (store, time) in [(w.a, "00:02:30"), (w.b, "00:02:40"), (w.a, "00:02:50")] {
      try w.run(store, at: time, ["sync"])
    }
    for store in [w.a, w.b] {
      let listed = try w.listed(store)
      #expect(listed.contains("https://h3.example/p"), "\(store): \(listed)")
      #expect(listed.contains("https://h9.example/p"), "\(store): \(listed)")
      #expect(!listed.contains("\"https://start.example/\""), "\(store): \(listed)")
      try expectInOrder(w.binary, store)
    }
  }

  /// A file renamed by hand and committed with plain `git commit -a` (which takes the rename
  /// for a deletion) is the bookmark moved, not a stale copy: the next `commit` keeps it.
  @Test func aMoveThatPlainGitTookForADeletionKeepsTheBookmark() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(
      try binary.run(["add", "--store", store, "https://h0.example/p", "--note", "typed"]).status
        == 0)
    let relative = try file(of: "h0.example", in: store, binary)
    let parts = relative.split(separator: "/")
    let renamed = parts.dropLast().joined(separator: "/") + "/renamed-" + (parts.last ?? "")
    try FileManager.default.moveItem(atPath: store + "/" + relative, toPath: store + "/" + renamed)
    try binary.git.runGit(["commit", "-q", "-a", "-m", "plain git commit"], in: store)

    let commit = try binary.run(["commit", "--store", store])
    #expect(commit.status == 0, "\(commit.stderr)")
    let listed = try binary.run(["list", "--store", store, "--json"]).stdout
    #expect(listed.contains("h0.example") && listed.contains("typed"), "\(listed)")
    try expectInOrder(binary, store)
  }

  /// A change to a bookmark that another machine's merge joined into an earlier save of the
  /// same link is no deletion: the change joins it too (seed 60).
  ///
  /// B saves X at 00:00:30 and does not sync; C saves X at 00:01 and syncs, A takes it in, C
  /// stars it at 00:02; B syncs at 00:03, joining C's save into its earlier one, and A's sync
  /// at 00:03:40 carries that join. C's sync used to take it for a deletion of its save made
  /// by A's merge, later than its star, and the star was lost.
  @Test func aChangeToASaveJoinedElsewhereIsKept() throws {
    let w = try DeletionTimeTests.World()
    try w.run(w.a, at: "00:00:00", ["add", "https://start.example/"])
    try w.run(w.a, at: "00:00:05", ["sync"])
    try w.clone(w.b, at: "00:00:10")
    try w.clone(w.c, at: "00:00:15")
    try w.run(w.b, at: "00:00:30", ["add", "https://x.example/", "--note", "B's note"])
    try w.run(w.c, at: "00:01:00", ["add", "https://x.example/"])
    try w.run(w.c, at: "00:01:10", ["sync"])
    try w.run(w.a, at: "00:01:20", ["sync"])
    try w.run(w.c, at: "00:02:00", ["fav", "https://x.example/"])
    try w.run(w.b, at: "00:03:00", ["sync"])
    try w.run(w.a, at: "00:03:30", ["add", "https://y.example/"])
    try w.run(w.a, at: "00:03:40", ["sync"])
    try w.run(w.c, at: "00:04:00", ["sync"])
    try w.run(w.b, at: "00:05:00", ["sync"])
    for store in [w.b, w.c] {
      let shown = try w.binary.run(["show", "--store", store, "https://x.example/", "--json"])
      let fields =
        try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any] ?? [:]
      #expect(fields["favorite"] as? Bool == true, "\(store): \(fields)")
      #expect(fields["note"] as? String == "B's note", "\(store): \(fields)")
    }
    let conflicts = try w.binary.run(["conflicts", "--store", w.c]).stdout
    #expect(!conflicts.contains("deleted"), "\(conflicts)")
  }

  /// A third save of a link joins the two another machine joined: the join there deleted
  /// none of the link, so the latest typed title wins (seed 1544).
  ///
  /// A saves X titled "A's" at 00:01 and syncs; B, not synced since, saves X titled "B's" at
  /// 00:02 and syncs (joining the two, B's title winning); C, which never synced, saves X
  /// titled "C's" at 00:03 and syncs. C's save used to be taken for one deleted by B's join
  /// (dated 00:02:30, later than C's change was made by B's clock), and its title was lost.
  @Test func aSaveOfALinkJoinedElsewhereIsJoinedNotDeleted() throws {
    let w = try DeletionTimeTests.World()
    try w.run(w.a, at: "00:00:00", ["add", "https://start.example/"])
    try w.run(w.a, at: "00:00:05", ["sync"])
    try w.clone(w.b, at: "00:00:10")
    try w.clone(w.c, at: "00:00:15")
    try w.run(w.a, at: "00:01:00", ["add", "https://x.example/", "--title", "A's"])
    try w.run(w.a, at: "00:01:10", ["sync"])
    try w.run(w.b, at: "00:02:00", ["add", "https://x.example/", "--title", "B's"])
    try w.run(w.b, at: "00:04:30", ["sync"])
    try w.run(w.c, at: "00:03:00", ["add", "https://x.example/", "--title", "C's"])
    try w.run(w.c, at: "00:05:00", ["sync"])
    for store in [w.a, w.b] { try w.run(store, at: "00:06:00", ["sync"]) }
    for store in [w.a, w.b, w.c] {
      let shown = try w.binary.run(["show", "--store", store, "https://x.example/", "--json"])
      let fields =
        try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any] ?? [:]
      #expect(fields["title"] as? String == "C's", "\(store): \(fields)")
    }
    let conflicts = try w.binary.run(["conflicts", "--store", w.c]).stdout
    #expect(!conflicts.contains("deleted"), "\(conflicts)")
  }

  /// Two files with one id (a copy and paste by hand, committed with plain git) are two
  /// bookmarks through every merge: matched by id, one used to be taken for a deletion.
  @Test func twoFilesWithOneIDAreBothKeptThroughAMerge() throws {
    let w = try DeletionTimeTests.World()
    try w.run(w.a, at: "00:00:00", ["add", "https://start.example/"])
    try w.run(w.a, at: "00:00:05", ["sync"])
    try w.clone(w.b, at: "00:00:10")
    try w.run(w.b, at: "00:00:20", ["add", "https://copy.example/", "--title", "Copy"])
    let start = try file(of: "start.example", in: w.b, w.binary)
    let copy = try file(of: "copy.example", in: w.b, w.binary)
    let idLine = try #require(
      try String(contentsOfFile: w.b + "/" + start, encoding: .utf8)
        .split(separator: "\n").first { $0.hasPrefix("  \"id\": ") })
    let copied = try String(contentsOfFile: w.b + "/" + copy, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasPrefix("  \"id\": ") ? idLine : $0 }.joined(separator: "\n")
    try Data(copied.utf8).write(to: URL(fileURLWithPath: w.b + "/" + copy))
    try w.binary.git.runGit(["commit", "-q", "-a", "-m", "by hand"], in: w.b)
    try w.run(w.a, at: "00:01:00", ["add", "https://a.example/"])
    try w.run(w.a, at: "00:01:05", ["edit", "https://start.example/", "--title", "Start"])
    try w.run(w.a, at: "00:01:10", ["sync"])
    try w.run(w.b, at: "00:01:20", ["sync"])
    try w.run(w.a, at: "00:01:30", ["sync"])
    for store in [w.a, w.b] {
      let listed = try w.listed(store)
      for url in ["start.example", "copy.example", "a.example"] {
        #expect(listed.contains(url), "\(store) lost \(url): \(listed)")
      }
    }

    // Each machine repairs the copy as `check` tells it to: both give it the same new id, so
    // the next syncs agree instead of taking each other's repair for a deletion.
    try w.run(w.a, at: "00:02:00", ["check", "--fix"])
    try w.run(w.b, at: "00:02:10", ["check", "--fix"])
    for (store, time) in [(w.a, "00:03:00"), (w.b, "00:03:10"), (w.a, "00:03:20")] {
      try w.run(store, at: time, ["sync"])
    }
    for store in [w.a, w.b] {
      let listed = try w.listed(store)
      for url in ["start.example", "copy.example", "a.example"] {
        #expect(listed.contains(url), "\(store) lost \(url) after the repair: \(listed)")
      }
      try expectInOrder(w.binary, store)
    }
    #expect(
      try w.binary.git.revParse("HEAD^{tree}", in: w.a)
        == (try w.binary.git.revParse("HEAD^{tree}", in: w.b)))
  }

  /// An id pasted by hand into a bookmark whose link changed since the last sync, committed
  /// with plain git: the merge gives that file its own id back, so the bookmark it was keeps
  /// a title another machine typed meanwhile, and the bookmark whose id was copied keeps it.
  ///
  /// The file's path was new since the merge base (its link changed), so the base could not
  /// tell which of the two files the id was pasted into: the one it was pasted into kept it,
  /// the other got a new id, and its own bookmark was taken for deleted at the plain commit,
  /// losing the title (seed 4264 of the simulator).
  @Test func anIDPastedIntoABookmarkWhoseLinkChangedKeepsBothBookmarksAndTheirEdits() throws {
    let w = try DeletionTimeTests.World()
    try w.shareX()
    try w.run(w.c, at: "00:01:00", ["edit", "https://x.example/", "--url", "https://h9.example/p"])
    try w.run(w.c, at: "00:01:10", ["add", "https://h8.example/p", "--title", "Title 135"])
    let h8 = w.c + "/" + (try file(of: "h8.example", in: w.c, w.binary))
    let h8Before = try String(contentsOfFile: h8, encoding: .utf8)
    try pasteID(of: h8, into: w.c + "/" + (try file(of: "h9.example", in: w.c, w.binary)))
    try w.binary.git.runGit(["commit", "-q", "-a", "-m", "by hand"], in: w.c)
    try w.run(w.a, at: "00:01:20", ["edit", "https://x.example/", "--title", "Line 688"])
    try w.run(w.a, at: "00:01:25", ["sync"])
    try w.run(w.c, at: "00:01:40", ["sync"])
    try w.run(w.a, at: "00:01:50", ["sync"])
    for store in [w.a, w.c] {
      let h9 = try w.run(store, at: "00:02:00", ["show", "https://h9.example/p"]).stdout
      #expect(h9.contains("Line 688"), "\(store): \(h9)")
      let h8Now = try String(
        contentsOfFile: store + "/" + (try file(of: "h8.example", in: store, w.binary)),
        encoding: .utf8)
      #expect(h8Now == h8Before, "\(store)")
      try expectInOrder(w.binary, store)
    }
  }

  /// Another bookmark's id pasted over a file's own, not committed yet, beside an edit of that
  /// file: `sync` takes the edit in with the file's own id, so an edit another machine made
  /// to that bookmark meanwhile is merged into it, not lost with a bookmark taken for deleted.
  ///
  /// The file used to be given a new random id: its bookmark's own id was gone from this
  /// side, a deletion at the commit (seed 4500 of the simulator).
  @Test func anIDPastedOverAFilesOwnIsGivenBackWhenTheEditIsTakenIn() throws {
    let w = try DeletionTimeTests.World()
    try w.shareX()
    try w.run(w.a, at: "00:01:00", ["add", "https://other.example/"])
    let x = w.a + "/" + (try file(of: "x.example", in: w.a, w.binary))
    let own = try #require(
      try String(contentsOfFile: x, encoding: .utf8).split(separator: "\n").first {
        $0.hasPrefix("  \"id\"")
      })
    try pasteID(of: w.a + "/" + (try file(of: "other.example", in: w.a, w.binary)), into: x)
    let pasted = try String(contentsOfFile: x, encoding: .utf8)
    try pasted.replacing(#/"title": "[^"]*"/#, with: #""title": "Typed""#)
      .write(toFile: x, atomically: false, encoding: .utf8)
    try w.run(w.b, at: "00:01:10", ["edit", "https://x.example/", "--note", "from b"])
    try w.run(w.b, at: "00:01:15", ["sync"])
    let sync = try w.run(w.a, at: "00:01:20", ["sync"])
    #expect(sync.stderr.contains("takes back its own id"), "\(sync.stderr)")
    try w.run(w.b, at: "00:01:30", ["sync"])
    for store in [w.a, w.b] {
      let shown = try w.run(store, at: "00:02:00", ["show", "https://x.example/"]).stdout
      #expect(shown.contains("Typed") && shown.contains("from b"), "\(store): \(shown)")
      #expect(shown.contains(own.dropFirst(9).prefix(36)), "\(store): \(shown)")
      #expect(try w.listed(store).contains("other.example"), "\(store)")
      try expectInOrder(w.binary, store)
    }
  }

  /// A `git pull` that stops on a bookmark changed here and deleted there starts over an
  /// uncommitted change to that file (git need not write it): the next command does not
  /// settle the merge over it and says how to go on, instead of removing it unseen.
  ///
  /// The settled merge used to let the deletion stand and remove the file with the change
  /// typed into it (seed 4543 of the simulator).
  @Test func aMergeGitStoppedOnIsNotSettledOverAnUncommittedChange() throws {
    let w = try DeletionTimeTests.World()
    try w.shareX()
    try w.run(w.b, at: "00:01:00", ["edit", "https://x.example/", "--title", "B"])
    try w.run(w.a, at: "00:01:10", ["rm", "https://x.example/"])
    try w.run(w.a, at: "00:01:15", ["sync"])
    let relative = try file(of: "x.example", in: w.b, w.binary)
    let x = w.b + "/" + relative
    let typed = try String(contentsOfFile: x, encoding: .utf8)
      .replacing(#/"title": "[^"]*"/#, with: #""title": "Typed by hand""#)
    try typed.write(toFile: x, atomically: false, encoding: .utf8)
    _ = try? w.binary.git.runGit(
      ["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: w.b)
    // Said as a warning by the next write; it goes on without settling.
    let refused = try w.binary.run(["check", "--fix", "--store", w.b])
    #expect(refused.stderr.contains("git checkout --ours -- \(relative)"), "\(refused.stderr)")
    #expect(try String(contentsOfFile: x, encoding: .utf8) == typed)

    // As the message says: a copy kept, git's side taken, and the merge settles.
    try w.binary.git.runGit(["checkout", "--ours", "--", relative], in: w.b)
    let settled = try w.binary.run(["check", "--fix", "--store", w.b])
    #expect(settled.status == 0, "\(settled.stderr)")
    try expectInOrder(w.binary, w.b)
  }
}
