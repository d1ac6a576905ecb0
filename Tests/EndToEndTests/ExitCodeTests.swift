import Foundation
import HolderTestSupport
import Testing

/// One test per row of the README's exit code table, through the built binary.
@Suite struct ExitCodeTests {
  /// A store with one bookmark tagged `dev` and an `origin` that does not exist.
  private func store(_ binary: HolderBinary) throws -> String {
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(
      try binary.run(["add", "--store", store, "https://example.org/a", "--tag", "dev"]).status
        == 0)
    return store
  }

  @Test func zeroIsSuccess() throws {
    let binary = try HolderBinary()
    let store = try store(binary)
    let listed = try binary.run(["list", "--store", store, "--tag", "dev"])
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout.contains("example.org/a"))
  }

  @Test func oneIsAnErrorWithAOneLineReason() throws {
    let binary = try HolderBinary()
    let store = try store(binary)
    let again = try binary.run(["init", store])
    #expect(again.status == 1)
    #expect(again.stderr.hasPrefix("Error: "), "\(again.stderr)")
  }

  @Test func threeIsAURLSavedAlready() throws {
    let binary = try HolderBinary()
    let store = try store(binary)
    #expect(try binary.run(["add", "--store", store, "https://example.org/a"]).status == 3)
  }

  @Test func fourIsNoBookmarkByThatName() throws {
    let binary = try HolderBinary()
    let store = try store(binary)
    let shown = try binary.run(["show", "--store", store, "https://example.org/nosuch"])
    #expect(shown.status == 4, "\(shown.stderr)")
  }

  @Test func fourIsNoBookmarkWithTheTagInList() throws {
    let binary = try HolderBinary()
    let store = try store(binary)
    let listed = try binary.run(["list", "--store", store, "--tag", "nosuch"])
    #expect(listed.status == 4, "\(listed.stderr)")
    #expect(listed.stderr.contains("'nosuch'"), "\(listed.stderr)")
    // A tag that exists but no favourite carries is an empty list, not an error.
    let favorites = try binary.run(["list", "--store", store, "--tag", "dev", "--favorites"])
    #expect(favorites.status == 0, "\(favorites.stderr)")
  }

  @Test func fourIsNoBookmarkWithTheTagInExport() throws {
    let binary = try HolderBinary()
    let store = try store(binary)
    let exported = try binary.run(["export", "--store", store, "--tag", "nosuch"])
    #expect(exported.status == 4, "\(exported.stderr)")
    #expect(exported.stderr.contains("'nosuch'"), "\(exported.stderr)")
    #expect(exported.stdout.isEmpty)
    let some = try binary.run(["export", "--store", store, "--tag", "dev", "--tag", "nosuch"])
    #expect(some.status == 4, "\(some.stderr)")
    #expect(try binary.run(["export", "--store", store, "--tag", "dev"]).status == 0)
  }

  @Test func fiveIsARemoteThatCouldNotBeReached() throws {
    let binary = try HolderBinary()
    let store = try store(binary)
    try binary.git.runGit(["remote", "add", "origin", binary.git.path("missing.git")], in: store)
    let sync = try binary.run(["sync", "--store", store])
    #expect(sync.status == 5, "\(sync.stderr)")
    #expect(sync.stderr.contains("could not be reached"), "\(sync.stderr)")
  }

  @Test func sixtyFourIsAUsageError() throws {
    let binary = try HolderBinary()
    let store = try store(binary)
    #expect(try binary.run(["list", "--store", store, "--no-such-option"]).status == 64)
  }

  /// The README's table lists exactly the codes these tests cover.
  @Test func theReadmeTableListsEveryCode() throws {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let section = try #require(text.components(separatedBy: "### Exit codes").dropFirst().first)
    let rows = section.split(separator: "\n").prefix { !$0.hasPrefix("#") }
      .filter { $0.hasPrefix("| ") && !$0.hasPrefix("| code") }
      .compactMap { Int($0.dropFirst(2).prefix { $0.isNumber }) }
    #expect(rows == [0, 1, 3, 4, 5, 64])
  }
}
