import Foundation
import HolderTestSupport
import Testing

/// `--store` and `-C` before the subcommand, as git takes `-C`; a store git deems unsafe.
@Suite struct GlobalOptionsTests {
  @Test func storeAndDirectoryBeforeTheSubcommand() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("work/bookmarks")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(try binary.run(["add", "--store", store, "example.org/a", "--title", "A"]).status == 0)

    let before = try binary.run(["--store", store, "list", "--json"])
    #expect(before.status == 0, "\(before.stderr)")
    #expect(before.stdout.contains("\"A\""))
    #expect(try binary.run(["--store=\(store)", "search", "a"]).stdout.contains("A"))
    // -C first, then --store relative to it; a nested subcommand after them.
    let relative = try binary.run(["-C", binary.git.path("work"), "--store", "bookmarks", "tags"])
    #expect(relative.status == 0, "\(relative.stderr)")
    // -C into the store finds it as the enclosing store; several -C compose as in git.
    let enclosing = try binary.run(["-C", "work", "-C", "bookmarks", "list"])
    #expect(enclosing.status == 0, "\(enclosing.stderr)")
    #expect(enclosing.stdout.contains("A"))
    // -C also moves relative paths the subcommand takes.
    let exported = try binary.run([
      "-C", binary.git.path("work"), "export", "--store", store, "out.json",
    ])
    #expect(exported.status == 0, "\(exported.stderr)")
    #expect(FileManager.default.fileExists(atPath: binary.git.path("work/out.json")))

    let missing = try binary.run(["-C", binary.git.path("nowhere"), "list"])
    #expect(missing.status != 0)
    #expect(missing.stderr.contains("nowhere"), "\(missing.stderr)")
    let help = try binary.run(["--help"])
    #expect(help.stdout.contains("-C"))
    #expect(help.stdout.contains("--store"))
  }

  /// A store owned by another user says why git refuses it and how to allow it.
  ///
  /// git (and libgit2) refuse such a store unless `safe.directory` allows it. Needs root to
  /// give the store away.
  @Test(.enabled(if: getuid() == 0, "giving a folder to another user needs root"))
  func aStoreOwnedByAnotherUserSaysHowToAllowIt() throws {
    let binary = try HolderBinary()
    let store = binary.git.path("theirs")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(chown(store, 65534, 65534) == 0)

    let refused = try binary.run(["list", "--store", store])
    #expect(refused.status == 1)
    #expect(!refused.stderr.contains("no holder-git store"), "\(refused.stderr)")
    #expect(refused.stderr.contains("safe.directory"), "\(refused.stderr)")
    #expect(
      refused.stderr.contains("git config --global --add safe.directory '\(store)'"),
      "\(refused.stderr)")
    let inside = try binary.run(["list"], in: store)
    #expect(inside.stderr.contains("safe.directory"), "\(inside.stderr)")

    try binary.git.runGit(
      ["config", "--global", "--add", "safe.directory", store], in: binary.git.root)
    let allowed = try binary.run(["list", "--store", store])
    #expect(allowed.status == 0, "\(allowed.stderr)")
  }
}
