import Foundation
import HolderTestSupport
import Testing

/// Every command that removes or rewrites bookmarks can be taken back from the command line:
/// `rm`, `tag delete` and `tag rename` by `undo` (and `rm` by `restore`), a deletion that a
/// sync brought in by `restore`, and a conflict a sync settled by the command `conflicts`
/// prints. (`import` is not on this branch; its undo is the generic one of `undo`.)
@Suite struct ReversibleCommandsTests {
  /// The bookmarks as `list --json` shows them, without the times a reversal renews.
  private func contents(_ binary: HolderBinary, _ store: String) throws -> [String] {
    let listed = try binary.run(["list", "--store", store, "--json"])
    let json = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
    return (json ?? []).map { bookmark in
      let tags = (bookmark["tags"] as? [String] ?? []).joined(separator: ",")
      return [bookmark["id"], bookmark["url"], bookmark["title"], bookmark["note"]]
        .map { "\($0 ?? "")" }.joined(separator: " ") + " [\(tags)]"
    }.sorted()
  }

  private func makeStore(_ binary: HolderBinary) throws -> String {
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    for (url, tags) in [
      ("https://example.org/1", ["ios", "keep"]), ("https://example.org/2", ["ios/swiftui"]),
      ("https://example.org/3", ["reading"]),
    ] {
      let added = try binary.run(
        ["add", "--store", store, url, "--note", "note of \(url)"]
          + tags.flatMap { ["--tag", $0] })
      #expect(added.status == 0, "\(added.stderr)")
    }
    return store
  }

  @Test func rmTagDeleteAndTagRenameAreTakenBackByUndo() throws {
    let binary = try HolderBinary()
    let store = try makeStore(binary)
    let original = try contents(binary, store)
    for command in [
      ["rm", "https://example.org/1"], ["tag", "delete", "ios"],
      ["tag", "rename", "ios", "apple/ios"], ["tag", "delete", "reading"],
    ] {
      let done = try binary.run(
        Array(command.prefix(command[0] == "tag" ? 2 : 1)) + ["--store", store]
          + command.dropFirst(command[0] == "tag" ? 2 : 1))
      #expect(done.status == 0, "\(command): \(done.stderr)")
      #expect(try contents(binary, store) != original, "\(command)")
      let undone = try binary.run(["undo", "--store", store])
      #expect(undone.status == 0, "\(command): \(undone.stderr)")
      #expect(try contents(binary, store) == original, "\(command)")
      #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
    }
    let tags = try binary.run(["tags", "--store", store, "--flat"]).stdout
    #expect(tags.contains("ios/swiftui") && tags.contains("reading") && tags.contains("keep"))
    try binary.git.runGit(["fsck", "--strict"], in: store)
  }

  @Test func aRemovedBookmarkIsListedAndRestoredWithItsIdAndNote() throws {
    let binary = try HolderBinary()
    let store = try makeStore(binary)
    let original = try contents(binary, store)
    #expect(try binary.run(["rm", "--store", store, "https://example.org/2"]).status == 0)
    #expect(try binary.run(["rm", "--store", store, "https://example.org/3"]).status == 0)
    let deleted = try binary.run(["restore", "--store", store, "--deleted"])
    #expect(deleted.stdout.contains("example.org/3") && deleted.stdout.contains("example.org/2"))
    for url in ["https://example.org/2", "https://example.org/3"] {
      let restored = try binary.run(["restore", "--store", store, url])
      #expect(restored.status == 0, "\(restored.stderr)")
    }
    #expect(try contents(binary, store) == original)
    #expect(try binary.run(["restore", "--store", store, "--deleted"]).stdout == "")
  }

  /// Two machines through a bare repository.
  private func twoMachines(_ binary: HolderBinary) throws -> (laptop: String, phone: String) {
    let git = binary.git
    let remote = git.path("remote.git")
    try git.runGit(["init", "-q", "--bare", remote], in: git.root)
    let laptop = try makeStore(binary)
    try git.runGit(["remote", "add", "origin", remote], in: laptop)
    #expect(try binary.run(["sync", "--store", laptop]).status == 0)
    let phone = git.path("phone")
    try git.runGit(["clone", "-q", remote, phone], in: git.root)
    return (laptop, phone)
  }

  @Test func aDeletionASyncBroughtInIsRestoredAndTheRestoreWinsTheNextSync() throws {
    let binary = try HolderBinary()
    let (laptop, phone) = try twoMachines(binary)
    let original = try contents(binary, laptop)
    #expect(try binary.run(["rm", "--store", phone, "https://example.org/1"]).status == 0)
    #expect(try binary.run(["sync", "--store", phone]).status == 0)
    #expect(try binary.run(["sync", "--store", laptop]).status == 0)
    #expect(try contents(binary, laptop) != original)

    let deleted = try binary.run(["restore", "--store", laptop, "--deleted"])
    #expect(deleted.stdout.contains("example.org/1"), "\(deleted.stdout)")
    let restored = try binary.run(["restore", "--store", laptop, "https://example.org/1"])
    #expect(restored.status == 0, "\(restored.stderr)")
    // The phone changes something else meanwhile; both sync, and the bookmark stays back.
    #expect(try binary.run(["add", "--store", phone, "https://example.org/phone"]).status == 0)
    #expect(try binary.run(["sync", "--store", phone]).status == 0)
    #expect(try binary.run(["sync", "--store", laptop]).status == 0)
    #expect(try binary.run(["sync", "--store", phone]).status == 0)
    for store in [laptop, phone] {
      let now = try contents(binary, store)
      #expect(original.allSatisfy(now.contains), "\(store)")
    }
  }

  @Test func theCommandConflictsPrintsBringsBackAChangeADeletionBeat() throws {
    let binary = try HolderBinary()
    let (laptop, phone) = try twoMachines(binary)
    let edited = try binary.run([
      "add", "--store", laptop, "https://example.org/3", "--update", "--title", "Laptop edit",
    ])
    #expect(edited.status == 0, "\(edited.stderr)")
    // The deletion is later than the edit (commit times have whole seconds), so it wins: its
    // clock is set two seconds ahead instead of waiting for them.
    let later = ISO8601DateFormatter().string(from: Date().addingTimeInterval(2))
    #expect(
      try binary.run(
        ["rm", "--store", phone, "https://example.org/3"], env: ["HOLDER_GIT_NOW": later]
      ).status == 0)
    #expect(try binary.run(["sync", "--store", phone]).status == 0)
    #expect(try binary.run(["sync", "--store", laptop]).status == 0)
    #expect(try !contents(binary, laptop).contains { $0.contains("example.org/3") })

    let conflicts = try binary.run(["conflicts", "--store", laptop])
    #expect(conflicts.stdout.contains("deleted"), "\(conflicts.stdout)")
    let command = try #require(
      conflicts.stdout.split(separator: "\n")
        .first { $0.contains("to restore the other value: ") }?
        .components(separatedBy: "to restore the other value: holder-git ").last)
    let restore = try binary.run(
      command.split(separator: " ").map(String.init) + ["--store", laptop])
    #expect(restore.status == 0, "\(restore.stderr)")
    #expect(try contents(binary, laptop).contains { $0.contains("Laptop edit") })
    #expect(try binary.git.runGit(["status", "--porcelain"], in: laptop) == "")
  }
}
