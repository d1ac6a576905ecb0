// Faults that are not crashes: a full disk, a failed write or sync. The
// command fails with a message that names the fault, the store is as it was, and the next
// command works. System calls are made to fail with Debian's strace (`scripts/setup --test`).
import Foundation
import HolderCoreTestSupport
import HolderTestSupport
import Testing

/// Debian's strace, which makes a chosen system call fail.
private let straceBinary = ["/usr/bin/strace", "/bin/strace"].first {
  FileManager.default.isExecutableFile(atPath: $0)
}

@Suite(.enabled(if: straceBinary != nil, "needs strace: run scripts/setup --test"))
struct FaultTests {

  /// What a user can see of a store: its branch, `git status` and the bookmarks listed.
  struct Seen: Equatable {
    var head: String
    var status: String
    var list: String
    var packs: [String]
  }

  func seen(_ binary: HolderBinary, _ store: String) throws -> Seen {
    Seen(
      head: try binary.git.runGit(["rev-parse", "HEAD"], in: store),
      status: try binary.git.runGit(["status", "--porcelain", "--untracked-files=all"], in: store),
      list: try binary.run(["list", "--store", store, "--json"]).stdout,
      packs: try FileManager.default.contentsOfDirectory(atPath: store + "/.git/objects/pack")
        .sorted())
  }

  /// Runs the binary with the `count`th call of `syscall` failing with `error`.
  func runFailing(
    _ binary: HolderBinary, _ syscall: String, _ error: String, at count: Int, _ args: [String]
  ) throws -> (status: Int32, stdout: String, stderr: String) {
    let strace = try #require(straceBinary)
    return try runProcess(
      strace,
      [
        "-f", "-o", "/dev/null", "-e", "trace=\(syscall)",
        "-e", "inject=\(syscall):error=\(error):when=\(count)", HolderBinary.path,
      ] + args, cwd: binary.git.root,
      // Under the address sanitizer, its leak checker stops the process the way a debugger
      // does, which strace already does: it could only fail, so it is off here.
      env: binary.environment(["ASAN_OPTIONS": "detect_leaks=0"]), stdin: nil)
  }

  /// A store of 15 bookmarks and a file that adds 10 and changes 5 of them.
  func storeAndFile(_ binary: HolderBinary) throws -> (store: String, file: String) {
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    func export(_ range: Range<Int>, tag: String) -> String {
      "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"
        + range.map {
          "<DT><A HREF=\"https://example.org/\($0)\" ADD_DATE=\"1700000000\" TAGS=\"\(tag)\">"
            + "Page \($0)</A>\n"
        }.joined() + "</DL><p>\n"
    }
    let first = binary.git.path("first.html")
    try export(0..<15, tag: "old").write(toFile: first, atomically: true, encoding: .utf8)
    #expect(try binary.run(["import", "--store", store, first]).status == 0)
    let file = binary.git.path("second.html")
    try export(10..<25, tag: "new").write(toFile: file, atomically: true, encoding: .utf8)
    return (store, file)
  }

  /// A full disk fails the import whole.
  ///
  /// Whichever write fails before the branch moves (a bookmark file, a merged one, the pack,
  /// the ref), the import fails saying so, nothing of it stays, and the same import then
  /// works. It used to report the bookmarks it could not write as "skipped
  /// (unreadable)" and exit 0, and a failed pack or ref left its files in the work tree.
  @Test func aFullDiskFailsTheImportAndLeavesTheStoreAsItWas() throws {
    let binary = try HolderBinary()
    let (store, file) = try storeAndFile(binary)
    let before = try seen(binary, store)
    var failures = 0
    var messages: [String] = []
    for count in 1...60 {
      let copy = binary.git.path("c\(count)")
      _ = try runProcess(
        "/bin/cp", ["-a", store, copy], cwd: nil, env: nil, stdin: nil)
      let result = try runFailing(
        binary, "write", "ENOSPC", at: count, ["import", "--store", copy, file])
      let after = try seen(binary, copy)
      if after.head != before.head {
        // A write retried that succeeded: the import is whole.
        if result.status == 0 {
          #expect(after.status.isEmpty, "write \(count): \(after.status)")
          continue
        }
        // A failure after the branch moved (git's index): the intent journal's to finish.
        break
      }
      #expect(result.status == 1, "write \(count): \(result.stderr)")
      #expect(result.stderr.contains("No space left on device"), "write \(count): \(result.stderr)")
      #expect(result.stderr.contains("free some space"), "write \(count): \(result.stderr)")
      #expect(result.stderr.contains("the store is as it was"), "write \(count): \(result.stderr)")
      #expect(after == before, "write \(count): \(result.stderr)")
      let tags = try FileManager.default.contentsOfDirectory(atPath: copy + "/tags")
      #expect(!tags.contains("new"), "write \(count): tag views of the failed import are left")
      failures += 1
      messages.append(result.stderr)

      let again = try binary.run(["import", "--store", copy, file])
      #expect(again.status == 0, "write \(count): \(again.stderr)")
      #expect(again.stderr.contains("10 added, 5 merged"), "write \(count): \(again.stderr)")
      #expect(try binary.run(["check", "--store", copy]).status == 0, "write \(count)")
    }
    // The bookmark files, the pack and the ref were each made to fail.
    #expect(failures >= 5)
    #expect(messages.contains { $0.contains("bookmarks/e/example.org/") }, "\(messages)")
    #expect(messages.contains { $0.contains("the pack") }, "\(messages)")
    #expect(messages.contains { $0.contains("refs/heads") }, "\(messages)")
  }

  /// The same full disk under a Korean or Japanese locale: what failed, the system's words for
  /// it, the remedy and that the import was taken back, all in the reader's language.
  @Test(arguments: ["ko_KR.UTF-8", "ja_JP.UTF-8"])
  func aFullDiskSpeaksTheReadersLanguage(_ locale: String) throws {
    let binary = try HolderBinary()
    let (store, file) = try storeAndFile(binary)
    let strace = try #require(straceBinary)
    var seenOne = false
    for count in 1...12 {
      let copy = binary.git.path("c\(count)")
      _ = try runProcess("/bin/cp", ["-a", store, copy], cwd: nil, env: nil, stdin: nil)
      let result = try runProcess(
        strace,
        [
          "-f", "-o", "/dev/null", "-e", "trace=write",
          "-e", "inject=write:error=ENOSPC:when=\(count)", HolderBinary.path,
          "import", "--store", copy, file,
        ], cwd: binary.git.root,
        env: binary.environment([
          "ASAN_OPTIONS": "detect_leaks=0", "LANG": locale, "LC_ALL": "", "LC_MESSAGES": "",
        ]), stdin: nil)
      // libgit2's own words (a pack or a ref it could not write) stay as it says them.
      guard result.status == 1, result.stderr.contains("bookmarks/") else { continue }
      seenOne = true
      #expect(!result.stderr.contains("No space left"), "\(result.stderr)")
      #expect(EnglishText.runs(in: result.stderr).isEmpty, "\(result.stderr)")
    }
    #expect(seenOne)
  }

  /// A failed sync of the file system fails the import.
  ///
  /// The one sync before the branch moves is what makes an import durable: when it fails (an I/O error), the branch does not move. It used to be ignored.
  @Test func aFailedSyncOfTheFileSystemFailsTheImport() throws {
    let binary = try HolderBinary()
    let (store, file) = try storeAndFile(binary)
    let before = try seen(binary, store)
    let result = try runFailing(binary, "syncfs", "EIO", at: 1, ["import", "--store", store, file])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("Input/output error"), "\(result.stderr)")
    #expect(try seen(binary, store) == before)
    #expect(try binary.run(["import", "--store", store, file]).status == 0)
  }

  /// `list` or `export` into a full disk (here /dev/full) is an error that says so; both
  /// crashed on a trap in Foundation's `FileHandle.write(_:)`.
  @Test(arguments: [["list"], ["export"], ["export", "--format", "json"], ["tags"]])
  func outputToAFullDiskIsAnError(_ command: [String]) throws {
    let binary = try HolderBinary()
    let (store, _) = try storeAndFile(binary)
    let result = try runProcess(
      "/bin/sh",
      ["-c", "exec \"$0\" \"$@\" > /dev/full", HolderBinary.path] + command
        + ["--store", store], cwd: binary.git.root, env: binary.environment(), stdin: nil)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
    #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
    #expect(!result.stderr.contains("Fatal error"), "\(result.stderr)")
  }

  /// A failed sync of `.git/refs/heads` after the branch moved leaves the operation to finish.
  ///
  /// The command fails, but the operation is the next command's to finish, never a hand edit
  /// that reverts it (it used to remove its journal, and the next `commit` took the added bookmark back out
  /// as "Deleted by hand"). Run for each writing command, judged by git.
  @Test(arguments: [
    ["add", "https://example.org/b", "--tag", "t"], ["rm", "https://example.org/a"],
    ["edit", "https://example.org/a", "--title", "Edited"], ["tag", "rename", "t", "u"],
    ["undo"],
  ])
  func aFailedSyncAfterTheBranchMovedLeavesTheOperationForTheNextCommand(_ command: [String])
    throws
  {
    let binary = try HolderBinary()
    let store = binary.git.path("s")
    #expect(try binary.run(["init", store]).status == 0)
    #expect(
      try binary.run(["add", "--store", store, "https://example.org/a", "--tag", "t"]).status == 0)
    let before = try binary.git.revParse("HEAD", in: store)
    let strace = try #require(straceBinary)
    let failed = try runProcess(
      strace,
      [
        "-f", "-o", "/dev/null", "-P", store + "/.git/refs/heads", "-e", "trace=fsync",
        "-e", "inject=fsync:error=EIO:when=1", HolderBinary.path, "--store", store,
      ] + command, cwd: binary.git.root,
      env: binary.environment(["ASAN_OPTIONS": "detect_leaks=0"]), stdin: nil)
    #expect(failed.status != 0, "\(failed.stderr)")
    let moved = try binary.git.revParse("HEAD", in: store)
    #expect(moved != before, "the branch moved before its folder's sync failed")
    // Plain git cannot commit the old files back meanwhile.
    #expect(FileManager.default.fileExists(atPath: store + "/.git/index.lock"))

    let status = try binary.run(["status", "--store", store])
    #expect(status.stdout.contains("No uncommitted hand edits"), "\(status.stdout)")
    // The next write, as the message says, finishes it.
    #expect(try binary.run(["check", "--fix", "--store", store]).status == 0)
    #expect(try binary.git.runGit(["status", "--porcelain"], in: store) == "")
    #expect(!FileManager.default.fileExists(atPath: store + "/.git/index.lock"))
    let commit = try binary.run(["commit", "--store", store])
    #expect(commit.stderr.contains("No hand edits to commit"), "\(commit.stderr)")
    #expect(try binary.git.revParse("HEAD", in: store) == moved)
    #expect(try binary.run(["check", "--store", store]).status == 0)
    try binary.git.runGit(["fsck", "--strict", "--full", "--no-progress"], in: store)
  }
}
