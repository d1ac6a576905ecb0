import Foundation
import HolderTestSupport
import Testing

/// A bookmark edited through its tag view is a hand edit, never junk.
///
/// An editor that saves by rename (`sed -i`, most of them) leaves a file where the link was. That file is a hand edit of the bookmark, shown,
/// taken in, and its link put back; nothing ever deletes it.
@Suite struct TagsFolderEditTests {
  struct Store {
    let binary: HolderBinary
    let root: String
    let view: String

    init() throws {
      binary = try HolderBinary()
      root = binary.git.path("store")
      #expect(try binary.run(["init", root]).status == 0)
      let added = try binary.run([
        "add", "--store", root, "https://seoul.go.kr/", "--tag", "서울", "--tag", "city",
        "--title", "Seoul", "--note", "first note", "--no-fetch",
      ])
      #expect(added.status == 0, "\(added.stderr)")
      let folder = root + "/tags/서울"
      let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first)
      view = folder + "/" + name
    }

    /// Pushes the store to a bare remote and clones it as a phone; returns the phone's path.
    func sharedWithAPhone() throws -> String {
      let git = binary.git
      let remote = git.path("remote.git")
      try git.runGit(["init", "-q", "--bare", remote], in: git.root)
      try git.runGit(["remote", "add", "origin", remote], in: root)
      #expect(try run(["sync"]).status == 0)
      let phone = git.path("phone")
      #expect(try binary.run(["clone", remote, phone]).status == 0)
      return phone
    }

    @discardableResult
    func run(_ args: [String]) throws -> HolderBinary.Result {
      try binary.run(args + ["--store", root])
    }

    /// `sed -i` on the tag view, as a person at a shell would.
    func sed(_ expression: String) throws {
      let result = try runProcess(
        "/usr/bin/sed", ["-i", expression, view], cwd: root, env: binary.environment(), stdin: nil)
      #expect(result.status == 0, "\(result.stderr)")
      #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: view)) == nil)
    }

    var viewIsALink: Bool {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: view)) != nil
    }

    func field(_ name: String) throws -> Any? {
      let shown = try run(["show", "https://seoul.go.kr/", "--json"])
      let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8))
      return (object as? [String: Any])?[name]
    }
  }

  @Test func anEditThroughATagViewIsShownAndCommittedAndItsLinkPutBack() throws {
    let store = try Store()
    try store.sed("s/\"Seoul\"/\"Seoul city hall\"/")

    let status = try store.run(["status"])
    #expect(status.stdout.contains("Seoul city hall"), "\(status.stdout)")
    let diff = try store.run(["diff"])
    #expect(diff.stdout.contains("\"Seoul\" → \"Seoul city hall\""), "\(diff.stdout)")
    let check = try store.run(["check"])
    #expect(check.stdout.contains("edited through tags/"), "\(check.stdout)")
    #expect(!check.stdout.contains("move the file elsewhere"), "\(check.stdout)")

    let commit = try store.run(["commit"])
    #expect(commit.status == 0, "\(commit.stderr)")
    #expect(try store.field("title") as? String == "Seoul city hall")
    #expect(store.viewIsALink)
    #expect(try store.run(["check"]).status == 0)
    let log = try store.binary.git.runGit(["log", "-1", "--format=%s"], in: store.root)
    #expect(log.contains("by hand"), "\(log)")
  }

  /// `check --fix` used to delete the edited file ("fixed not a link under tags/").
  @Test func checkFixMovesTheEditIntoTheBookmarkInsteadOfDeletingIt() throws {
    let store = try Store()
    try store.sed("s/first note/second thoughts/")
    let fix = try store.run(["check", "--fix"])
    #expect(fix.status == 0, "\(fix.stdout) \(fix.stderr)")
    #expect(store.viewIsALink)
    let sync = try store.run(["sync"])
    _ = sync  // no remote: the hand edit is committed before it says so
    #expect(try store.run(["commit"]).status == 0)
    #expect(try store.field("note") as? String == "second thoughts")
  }

  /// A sync takes the edit in too, and another machine gets it.
  @Test func aSyncTakesTheEditInAndCarriesItToAnotherMachine() throws {
    let store = try Store()
    let phone = try store.sharedWithAPhone()

    try store.sed("s/first note/typed in vim/")
    let sync = try store.run(["sync"])
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(store.viewIsALink)
    #expect(try store.binary.run(["sync", "--store", phone]).status == 0)
    let shown = try store.binary.run(["show", "--store", phone, "https://seoul.go.kr/"])
    #expect(shown.stdout.contains("typed in vim"), "\(shown.stdout)")
  }

  /// A `git pull` that changed the bookmark after its copy under tags/ was edited: the edit is
  /// merged into the pulled version field by field, so neither the pulled note nor the title
  /// typed here is lost.
  @Test func anEditMadeBeforeAPullIsMergedIntoWhatThePullBrought() throws {
    let store = try Store()
    let phone = try store.sharedWithAPhone()
    let edited = try store.binary.run([
      "edit", "--store", phone, "https://seoul.go.kr/", "--note", "from the phone",
    ])
    #expect(edited.status == 0, "\(edited.stderr)")
    #expect(try store.binary.run(["sync", "--store", phone]).status == 0)

    try store.sed("s/\"Seoul\"/\"Seoul, typed here\"/")
    try store.binary.git.runGit(["pull", "-q", "--no-rebase", "origin", "main"], in: store.root)
    let commit = try store.run(["commit"])
    #expect(commit.status == 0, "\(commit.stderr)")
    #expect(try store.field("title") as? String == "Seoul, typed here")
    #expect(try store.field("note") as? String == "from the phone")
    #expect(store.viewIsALink)
  }

  /// A command that changes the bookmark while its edit in tags/ is pending refuses, naming the
  /// file, instead of having the next commit take the older edit over it.
  @Test func aCommandRefusesWhileAnEditThroughTagsIsPending() throws {
    let store = try Store()
    try store.sed("s/first note/pending/")
    let edit = try store.run(["edit", "https://seoul.go.kr/", "--title", "Other"])
    #expect(edit.status != 0)
    #expect(edit.stderr.contains("tags/서울/"), "\(edit.stderr)")
    #expect(try store.run(["commit"]).status == 0)
    #expect(try store.field("note") as? String == "pending")
  }

  /// Edited through tags/ and in its own file differently: both are kept where they are, and
  /// `commit` says which to settle.
  @Test func twoDifferentEditsOfOneBookmarkAreBothKept() throws {
    let store = try Store()
    try store.sed("s/first note/in tags/")
    let own = try #require(
      try FileManager.default.destinationOfSymbolicLink(
        atPath: store.root + "/tags/city/"
          + URL(fileURLWithPath: store.view).lastPathComponent))
    let file = URL(fileURLWithPath: store.root + "/tags/city/" + own).standardized.path
    let text = try String(contentsOfFile: file, encoding: .utf8)
    try text.replacingOccurrences(of: "first note", with: "in its file")
      .write(toFile: file, atomically: false, encoding: .utf8)

    let commit = try store.run(["commit"])
    #expect(commit.stderr.contains("more than one place"), "\(commit.stderr)")
    #expect(try String(contentsOfFile: store.view, encoding: .utf8).contains("in tags"))
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("in its file"))
    let fix = try store.run(["check", "--fix"])
    _ = fix
    #expect(try String(contentsOfFile: store.view, encoding: .utf8).contains("in tags"))
  }

  /// An edit through tags/ is the edit of the bookmark whose link it replaced, though another
  /// file was given that bookmark's id by hand (found by the simulator, seed 103).
  @Test func anEditThroughTagsFindsItsBookmarkWhenItsIDWasCopiedElsewhere() throws {
    let store = try Store()
    let other = try store.run(["add", "https://other.example/", "--title", "Other", "--no-fetch"])
    #expect(other.status == 0, "\(other.stderr)")
    try store.sed("s/first note/mine/")
    let files = try FileManager.default.subpathsOfDirectory(atPath: store.root + "/bookmarks")
    let otherFile = try #require(
      files.first { $0.contains("other.example") && $0.hasSuffix(".json") })
    let path = store.root + "/bookmarks/" + otherFile
    let view = try String(contentsOfFile: store.view, encoding: .utf8)
    let idLine = try #require(view.split(separator: "\n").first { $0.contains("\"id\"") })
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let pasted = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.contains("\"id\"") ? idLine : $0
    }.joined(separator: "\n")
    try pasted.write(toFile: path, atomically: false, encoding: .utf8)

    let commit = try store.run(["commit"])
    #expect(commit.status == 0, "\(commit.stderr)")
    #expect(try store.field("note") as? String == "mine")
    #expect(store.viewIsALink)
  }

  /// A tag renamed elsewhere and pulled with plain git while an edit saved under its old folder
  /// waits (holder-git's own rename asks for `commit` first): the edit is taken in, and no
  /// link is put back in the old folder.
  @Test func anEditUnderATagRenamedSinceIsTakenInWithoutAStaleLink() throws {
    let store = try Store()
    let phone = try store.sharedWithAPhone()
    #expect(try store.binary.run(["tag", "rename", "--store", phone, "서울", "Seoul"]).status == 0)
    #expect(try store.binary.run(["sync", "--store", phone]).status == 0)
    try store.sed("s/first note/before the rename/")
    try store.binary.git.runGit(["pull", "-q", "--no-rebase", "origin", "main"], in: store.root)
    let commit = try store.run(["commit"])
    #expect(commit.status == 0, "\(commit.stderr)")
    #expect(try store.field("note") as? String == "before the rename")
    #expect(!FileManager.default.fileExists(atPath: store.view))
    let check = try store.run(["check"])
    #expect(check.status == 0, "\(check.stdout) \(check.stderr)")
  }

  /// A file in tags/ that is no bookmark of this store stays through check --fix and a rebuild.
  @Test func aStrangerFileInTagsIsNeverRemoved() throws {
    let store = try Store()
    let stranger = store.root + "/tags/서울/notes.txt"
    try "mine".write(toFile: stranger, atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: store.view)
    try "not json".write(toFile: store.view, atomically: true, encoding: .utf8)
    _ = try store.run(["check", "--fix"])
    _ = try store.run(["tag", "rename", "city", "town"])
    _ = try store.run(["undo"])
    #expect(try String(contentsOfFile: stranger, encoding: .utf8) == "mine")
    #expect(try String(contentsOfFile: store.view, encoding: .utf8) == "not json")
  }
}
