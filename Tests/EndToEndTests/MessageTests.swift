import Foundation
import HolderTestSupport
import Testing

/// Messages say exactly the right thing: sentences with a remedy instead of
/// libgit2's text, singular counts, no empty lines in `show`.
@Suite struct MessageTests {
  @Test func addingARemoteTwiceSaysItExistsAndWhatToDo() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(try binary.run(["remote", "add", "--store", store, "origin", "/x.git"]).status == 0)
    let again = try binary.run(["remote", "add", "--store", store, "origin", "/y.git"])
    #expect(again.status == 1)
    #expect(!again.stderr.contains("git_remote_create"), "\(again.stderr)")
    #expect(again.stderr.contains("'origin'"), "\(again.stderr)")
    #expect(again.stderr.contains("holder-git remote set-url origin URL"), "\(again.stderr)")
  }

  @Test func aRemoteWithNoURLOrABadNameSaysWhatToGive() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let empty = try binary.run(["remote", "add", "--store", store, "origin", ""])
    #expect(empty.status == 1)
    #expect(!empty.stderr.contains("git_remote_create"), "\(empty.stderr)")
    #expect(empty.stderr.contains("the URL of 'origin' is empty"), "\(empty.stderr)")
    let spaced = try binary.run(["remote", "add", "--store", store, "my remote", "/x.git"])
    #expect(spaced.status == 1)
    #expect(!spaced.stderr.contains("git_remote_create"), "\(spaced.stderr)")
    #expect(spaced.stderr.contains("'my remote' cannot be a remote's name"), "\(spaced.stderr)")
    #expect(try binary.run(["remote", "list", "--store", store]).stdout == "")
  }

  /// A remote added as a relative path is read from the top of the store, as git reads it,
  /// whichever folder holder-git is started in (`--store`, `-C`).
  @Test func aRemoteGivenAsARelativePathIsReadFromTheStore() throws {
    let binary = try HolderBinary()
    let git = binary.git
    try git.runGit(["init", "-q", "--bare", git.path("remote.git")], in: git.root)
    let store = git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(
      try binary.run(["remote", "add", "origin", "../remote.git"], in: store).status == 0)
    #expect(try binary.run(["add", "--store", store, "https://example.org/x"]).status == 0)
    let sent = try binary.run(["sync", "--store", store], in: git.root)
    #expect(sent.status == 0, "\(sent.stderr)")
    let pushed = try git.runGit(["log", "--format=%s", "main"], in: git.path("remote.git"))
    #expect(pushed.contains("Add"), "\(pushed)")
  }

  @Test func removingAMissingRemoteNamesTheRemotesThereAre() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    let none = try binary.run(["remote", "remove", "--store", store, "nosuch"])
    #expect(none.status == 1)
    #expect(!none.stderr.contains("git_remote_delete"), "\(none.stderr)")
    #expect(none.stderr.contains("'nosuch'"), "\(none.stderr)")
    #expect(none.stderr.contains("no remote"), "\(none.stderr)")
    #expect(try binary.run(["remote", "add", "--store", store, "origin", "/x.git"]).status == 0)
    let other = try binary.run(["remote", "remove", "--store", store, "nosuch"])
    #expect(other.status == 1)
    #expect(other.stderr.contains("'origin'"), "\(other.stderr)")
  }

  @Test func aCountOfOneIsSingular() throws {
    let binary = try HolderBinary()
    let git = binary.git
    let remote = git.path("remote.git")
    try git.runGit(["init", "-q", "--bare", remote], in: git.root)
    let store = git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    try git.runGit(["remote", "add", "origin", remote], in: store)
    #expect(try binary.run(["add", "--store", store, "https://example.org/a"]).status == 0)
    #expect(try binary.run(["sync", "--store", store]).status == 0)
    #expect(try binary.run(["add", "--store", store, "https://example.org/b"]).status == 0)
    let status = try binary.run(["status", "--store", store])
    #expect(
      status.stdout.contains("1 commit to send to 'origin', 0 to take in"), "\(status.stdout)")

    // One hand edit is "1 hand edit".
    let file = try #require(
      try git.runGit(["ls-files", "bookmarks"], in: store).split(separator: "\n").first)
    let path = store + "/" + file
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacingOccurrences(of: "\"title\": \"", with: "\"title\": \"Hand ")
      .write(toFile: path, atomically: true, encoding: .utf8)
    let sync = try binary.run(["sync", "--store", store])
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(sync.stderr.contains("Committed 1 hand edit\n"), "\(sync.stderr)")
  }

  @Test func showLeavesOutTagsWhenThereAreNone() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(try binary.run(["add", "--store", store, "https://example.org/a"]).status == 0)
    let shown = try binary.run(["show", "--store", store, "https://example.org/a"])
    #expect(shown.status == 0)
    #expect(!shown.stdout.contains("tags:"), "\(shown.stdout)")
    #expect(
      try binary.run(["add", "--store", store, "https://example.org/b", "--tag", "dev"]).status
        == 0)
    let tagged = try binary.run(["show", "--store", store, "https://example.org/b"])
    #expect(tagged.stdout.contains("tags:") && tagged.stdout.contains("dev"))
  }

  @Test func anIDPrefixShorterThanFourCharactersSaysSo() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(try binary.run(["add", "--store", store, "https://example.org/a"]).status == 0)
    let shown = try binary.run(["show", "--store", store, "5df"])
    #expect(shown.status == 4, "\(shown.stderr)")
    #expect(shown.stderr.contains("'5df'"), "\(shown.stderr)")
    #expect(shown.stderr.contains("at least 4 characters"), "\(shown.stderr)")
  }
}
