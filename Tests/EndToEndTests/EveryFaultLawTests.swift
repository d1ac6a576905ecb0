// A law over every fsync, write and rename a writing command makes: whichever one fails, the
// command either fails and leaves the store as it was, or fails once its change was made and
// says so (the next command finishes it), or succeeds because the write was made again; it
// never succeeds past a failed write, and never leaves what `git fsck` or `holder-git check`
// rejects. Each call is made to fail in turn with Debian's strace (`scripts/setup --test`).
import Foundation
import HolderCoreTestSupport
import HolderTestSupport
import Testing

private let straceBinary = ["/usr/bin/strace", "/bin/strace"].first {
  FileManager.default.isExecutableFile(atPath: $0)
}

/// Fails the test with what the command printed when it did not succeed.
private func expectSuccess(_ result: HolderBinary.Result) throws {
  try #require(result.status == 0, "\(result.stdout) \(result.stderr)")
}

@Suite(.enabled(if: straceBinary != nil, "needs strace: run scripts/setup --test"))
struct EveryFaultLawTests {
  /// A store of three bookmarks with a bare remote on this machine, and a second store whose
  /// sync takes in two more (a fast-forward).
  struct World {
    let binary: HolderBinary
    let store: String
    let behind: String

    init() throws {
      binary = try HolderBinary()
      let remote = binary.git.path("remote.git")
      store = binary.git.path("s")
      behind = binary.git.path("behind")
      try binary.git.runGit(["init", "-q", "--bare", remote], in: binary.git.root)
      try expectSuccess(binary.run(["init", store]))
      try expectSuccess(binary.run(["remote", "add", "--store", store, "origin", remote]))
      for index in 0..<3 {
        try expectSuccess(
          binary.run(["add", "--store", store, "https://example.org/\(index)", "--tag", "t"]))
      }
      try expectSuccess(binary.run(["sync", "--store", store]))
      try expectSuccess(binary.run(["clone", remote, behind]))
      for index in 3..<5 {
        try expectSuccess(
          binary.run(["add", "--store", store, "https://example.org/\(index)", "--tag", "u"]))
      }
      try expectSuccess(binary.run(["sync", "--store", store]))
    }
  }

  /// What one faulted run did.
  struct Run {
    var status: Int32
    var stderr: String
    /// The failed call as strace printed it (with the file it was made on); nil when the
    /// command made fewer such calls.
    var injected: String?
    var moved: Bool
  }

  func copy(_ world: World, _ folder: String, to target: String) throws {
    _ = try? FileManager.default.removeItem(atPath: target)
    _ = try runProcess("/bin/cp", ["-a", folder, target], cwd: nil, env: nil, stdin: nil)
  }

  func faulted(
    _ world: World, in store: String, _ syscall: String, _ error: String, at count: Int,
    _ args: [String]
  ) throws -> Run {
    let strace = try #require(straceBinary)
    let trace = world.binary.git.path("trace")
    let before = try world.binary.git.revParse("HEAD", in: store)
    let result = try runProcess(
      strace,
      [
        "-f", "-qq", "-y", "-o", trace, "-e", "trace=\(syscall)",
        "-e", "inject=\(syscall):error=\(error):when=\(count)", HolderBinary.path,
        "--store", store,
      ] + args, cwd: world.binary.git.root,
      env: world.binary.environment(["ASAN_OPTIONS": "detect_leaks=0"]), stdin: nil)
    let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
    return Run(
      status: result.status, stderr: result.stderr,
      injected: Self.injectedCall(in: lines.map(String.init)),
      moved: try world.binary.git.revParse("HEAD", in: store) != before)
  }

  /// The traced call that failed, whole: when another thread made a call meanwhile, strace
  /// splits it into `<unfinished ...>` (which names the file) and `<... resumed>` (which has the
  /// result); the two halves are joined, so the file it wrote is known.
  static func injectedCall(in lines: [String]) -> String? {
    guard let index = lines.firstIndex(where: { $0.contains("(INJECTED)") }) else { return nil }
    let line = lines[index]
    guard line.contains(" resumed>"), let pid = line.split(separator: " ").first else {
      return line
    }
    let start = lines[..<index].last {
      $0.hasPrefix(pid + " ") && $0.contains("<unfinished ...>")
    }
    return start.map { $0 + " " + line } ?? line
  }

  /// A failed call a command may go on past: libgit2 writes a loose object again when its
  /// first try fails; the lock files' notes of who holds them and the caches under
  /// `.holder/local` are not the store; git's `config` is only rewritten to register the merge
  /// driver; a tag folder left empty is left for the next command; a finished operation's
  /// journal that could not be removed is finished again, changing nothing, by the next one.
  /// (An eventfd, which wakes a thread, is no file.)
  func mayGoOnPast(_ call: String) -> Bool {
    let names = [
      "/.git/objects/", "/.git/holder-git.lock>", "/.git/index.lock>, \"holder-git ",
      "/.holder", "\".holder\"", "\"local\"", "/.git/config", "\"holder-git-journal\"",
    ]
    let emptyTagFolder = call.contains("/tags") && call.contains("AT_REMOVEDIR")
    let notAFile = call.contains("<anon_inode:")
    return names.contains { call.contains($0) } || emptyTagFolder || notAFile || isOutput(call)
  }

  /// A write of what the command prints: a failure there is the terminal's, not the store's.
  func isOutput(_ call: String) -> Bool {
    call.contains("<pipe:") || call.contains("</dev/null>")
  }

  func judge(
    _ world: World, _ store: String, _ run: Run, _ label: String, expected: [String]
  ) throws {
    let binary = world.binary
    let call = run.injected ?? ""
    if run.status == 0 {
      #expect(mayGoOnPast(call), "\(label): succeeded past \(call)")
    } else if isOutput(call) {
      #expect(run.stderr.contains("cannot write the output"), "\(label): \(run.stderr)")
    } else if run.moved {
      #expect(
        run.stderr.contains("do not run it again"),
        "\(label): the branch moved, but the message does not say so: \(run.stderr)")
    } else {
      #expect(
        !run.stderr.contains("could not be reached"),
        "\(label): a fault of this disk blamed on the remote: \(run.stderr)")
    }
    if run.status != 0 {
      #expect(!run.stderr.contains(" failed: "), "\(label): libgit2's own words: \(run.stderr)")
    }
    // A read works and changes nothing; the next write (`check --fix`, as the messages say)
    // finishes or has nothing to finish; then all is in order.
    let read = try binary.run(["status", "--store", store])
    #expect(read.status == 0, "\(label): \(read.stderr)")
    _ = try binary.run(["check", "--fix", "--store", store])
    let status = try binary.run(["status", "--store", store])
    #expect(status.status == 0, "\(label): \(status.stderr)")
    #expect(status.stdout.contains("No uncommitted hand edits"), "\(label): \(status.stdout)")
    #expect(
      try binary.git.runGit(["status", "--porcelain", "--untracked-files=all"], in: store) == "",
      "\(label)")
    let check = try binary.run(["check", "--store", store])
    #expect(check.status == 0, "\(label): \(check.stdout) \(check.stderr)")
    let fsck = try runProcess(
      "/usr/bin/git", ["fsck", "--strict", "--full", "--no-progress"], cwd: store,
      env: binary.environment(), stdin: nil)
    #expect(fsck.status == 0, "\(label): \(fsck.stdout) \(fsck.stderr)")
    let journal = store + "/.git/holder-git-journal"
    #expect(!FileManager.default.fileExists(atPath: journal), "\(label)")
    // What the command was to do is either all there (made, or finished) or not at all.
    let listed = try binary.run(["list", "--store", store, "--json"]).stdout
    let present = expected.filter { listed.contains($0) }
    #expect(
      present.isEmpty || present.count == expected.count,
      "\(label): half of the change: \(present) of \(expected)")
  }

  /// Every call of one kind, in turn, for one command.
  func law(
    _ command: [String], expected: [String], syscall: String, error: String,
    inBehind: Bool = false
  ) throws {
    let world = try World()
    let scratch = world.binary.git.path("scratch")
    var reached = 0
    for count in 1...80 {
      try copy(world, inBehind ? world.behind : world.store, to: scratch)
      let run = try faulted(world, in: scratch, syscall, error, at: count, command)
      guard run.injected != nil else { break }
      reached += 1
      try judge(
        world, scratch, run, "\(command.joined(separator: " ")) \(syscall)#\(count)",
        expected: expected)
    }
    #expect(reached > 0, "no \(syscall) was made")
  }

  @Test(arguments: [
    (["add", "https://example.org/new", "--tag", "n", "--note", "typed"], "example.org/new"),
    (["edit", "https://example.org/1", "--title", "Edited title"], "Edited title"),
    (["tag", "rename", "t", "renamed"], "renamed"),
  ])
  func everyFailedFsync(_ command: [String], expected: String) throws {
    try law(command, expected: [expected], syscall: "fsync", error: "EIO")
  }

  @Test func everyFailedFsyncOfAFastForward() throws {
    try law(
      ["sync"], expected: ["example.org/3", "example.org/4"], syscall: "fsync", error: "EIO",
      inBehind: true)
  }

  @Test(arguments: [("write", "ENOSPC"), ("pwrite64", "ENOSPC"), ("rename", "EIO")])
  func everyFailedWriteOfAFastForward(_ syscall: String, _ error: String) throws {
    try law(
      ["sync"], expected: ["example.org/3", "example.org/4"], syscall: syscall, error: error,
      inBehind: true)
  }

  @Test(arguments: [("write", "ENOSPC"), ("rename", "EIO"), ("unlink", "EIO")])
  func everyFailedWriteOfAnAdd(_ syscall: String, _ error: String) throws {
    try law(
      ["add", "https://example.org/new", "--tag", "n"], expected: ["example.org/new"],
      syscall: syscall, error: error)
  }
}

extension EveryFaultLawTests {
  /// A tag view that cannot be made or removed fails the command once its change is made, and
  /// the next command makes the views whole: `check` never finds them wrong afterwards.
  @Test(arguments: [
    ("symlinkat", "ENOSPC"), ("mkdirat", "ENOSPC"), ("mkdirat", "EACCES"), ("unlinkat", "EIO"),
  ])
  func everyFailedTagView(_ syscall: String, _ error: String) throws {
    try law(
      ["add", "https://example.org/new", "--tag", "n/deep"], expected: ["example.org/new"],
      syscall: syscall, error: error)
    try law(
      ["tag", "rename", "t", "renamed"], expected: ["renamed"], syscall: syscall, error: error)
  }
}

extension EveryFaultLawTests {
  /// An import is one commit or none whichever write fails; one taken back leaves no reflog
  /// entry naming the commit it removed (`git fsck` judges).
  @Test(arguments: [("rename", "EIO"), ("fsync", "EIO"), ("write", "ENOSPC")])
  func everyFailedWriteOfAnImport(_ syscall: String, _ error: String) throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("holder-import-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: file) }
    try Data(
      (0..<3).map { "{\"url\":\"https://imported.example/\($0)\",\"tags\":[\"imp\"]}\n" }.joined()
        .utf8
    ).write(to: URL(fileURLWithPath: file))
    try law(
      ["import", file], expected: (0..<3).map { "imported.example/\($0)" }, syscall: syscall,
      error: error)
  }
}

extension EveryFaultLawTests {
  /// A change made whose file could not be written (its folder may not be changed) is finished
  /// by the next command once it can be; until then a command that writes says which
  /// operation waits and why, rather than failing with the first one's message as its own.
  @Test func anOperationThatCannotBeFinishedYetIsNamedByTheCommandsThatWait() throws {
    let world = try World()
    let binary = world.binary
    let store = world.store
    let strace = try #require(straceBinary)
    let files = try binary.git.runGit(["ls-files", "bookmarks"], in: store)
      .split(separator: "\n").map(String.init)
    let file = try #require(files.first { $0.contains("example.org/1") })
    let folder = store + "/" + file.split(separator: "/").dropLast().joined(separator: "/")
    /// Runs the binary with every open in the bookmark's folder from the `from`th on refused.
    func refused(from first: Int, _ args: [String]) throws -> (status: Int32, stderr: String) {
      let result = try runProcess(
        strace,
        [
          "-f", "-qq", "-o", "/dev/null", "-P", folder, "-e", "trace=openat",
          "-e", "inject=openat:error=EACCES:when=\(first)+", HolderBinary.path, "--store", store,
        ] + args, cwd: binary.git.root,
        env: binary.environment(["ASAN_OPTIONS": "detect_leaks=0"]), stdin: nil)
      return (result.status, result.stderr)
    }
    let before = try binary.git.revParse("HEAD", in: store)
    // The edit reads the file, then commits, then cannot write it back.
    let edit = try refused(from: 3, ["edit", "https://example.org/1", "--title", "Typed title"])
    #expect(edit.status != 0)
    #expect(try binary.git.revParse("HEAD", in: store) != before)
    #expect(edit.stderr.contains("do not run it again"), "\(edit.stderr)")

    let add = try refused(from: 1, ["add", "https://example.org/other"])
    #expect(add.status != 0)
    #expect(
      add.stderr.contains("the interrupted 'Edit \"Typed title\"' could not be finished"),
      "\(add.stderr)")
    #expect(add.stderr.contains("Permission denied"), "\(add.stderr)")

    // Once the folder may be written, the next write finishes it; nothing typed is lost.
    let status = try binary.run(["check", "--fix", "--store", store])
    #expect(status.stderr.contains("Finished an interrupted operation"), "\(status.stderr)")
    #expect(try binary.run(["add", "--store", store, "https://example.org/other"]).status == 0)
    let listed = try binary.run(["list", "--store", store, "--json"]).stdout
    #expect(listed.contains("Typed title") && listed.contains("example.org/other"))
    #expect(try binary.run(["check", "--store", store]).status == 0)
  }
}
