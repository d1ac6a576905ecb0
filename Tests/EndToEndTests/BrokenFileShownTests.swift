import Foundation
import HolderTestSupport
import Testing

/// A bookmark file broken by hand (its JSON no longer reads) is shown as broken, with its line
/// and column, by `status`, `diff` and `sync --dry-run`, never as deleted: nothing deletes it,
/// and no sync or commit takes it for a deletion.
@Suite struct BrokenFileShownTests {
  @Test func aBrokenFileIsShownBrokenNotDeleted() throws {
    let binary = try HolderBinary()
    let remote = binary.git.path("remote.git")
    let store = binary.git.path("s")
    try binary.git.runGit(["init", "-q", "--bare", remote], in: binary.git.root)
    #expect(try binary.run(["init", store]).status == 0)
    #expect(try binary.run(["remote", "add", "--store", store, "origin", remote]).status == 0)
    #expect(try binary.run(["add", "--store", store, "https://broken.example/"]).status == 0)
    #expect(try binary.run(["sync", "--store", store]).status == 0)
    let file = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
      .split(separator: "\n")[0]
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store + "/" + file))
    handle.seekToEndOfFile()
    handle.write(Data("oops,\n".utf8))
    try handle.close()

    for command in [["status"], ["diff"], ["sync", "--dry-run"]] {
      let result = try binary.run(command + ["--store", store])
      #expect(!result.stdout.contains("Deleted"), "\(command): \(result.stdout)")
      #expect(result.stderr.contains("line"), "\(command): \(result.stderr)")
      #expect(result.stderr.contains("column"), "\(command): \(result.stderr)")
    }
    let plan = try binary.run(["sync", "--dry-run", "--store", store])
    #expect(!plan.stderr.contains("Would commit 1 hand edit"), "\(plan.stderr)")
  }
}
