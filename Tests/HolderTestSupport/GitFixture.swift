import Foundation
import Git
import HolderCoreTestSupport

/// Runs the real `git` in a scratch directory with a fixed clock and a private `HOME`, so that
/// object ids repeat from run to run (git's `t/test-lib-functions.sh` `test_tick`).
///
/// The fixture owns its `ScratchDirectory`; build repositories inside `root`.
public final class GitFixture {
  /// The first commit time git's test suite uses.
  public static let firstTick: Int64 = 1_112_911_993

  /// Where the repositories live; also `HOME` for every `git` run.
  public let scratch: ScratchDirectory
  /// The time stamped on the next commit, seconds since the epoch (zone -0700).
  public private(set) var clock: Int64 = GitFixture.firstTick

  /// The root of the scratch directory.
  public var root: String { scratch.path }

  /// Makes a scratch directory with a `.gitconfig` naming a test user and `main` as the
  /// default branch.
  public init() throws {
    try Self.isolateLibGit2Configuration()
    scratch = try ScratchDirectory()
    try scratch.write(
      """
      [user]
      \tname = A U Thor
      \temail = author@example.com
      [init]
      \tdefaultBranch = main

      """, to: ".gitconfig")
  }

  /// Moves the clock on by a minute, like `test_tick`; call it before each commit that needs
  /// its own time.
  public func tick() {
    clock += 60
  }

  /// The absolute path of `relative` inside the scratch directory.
  public func path(_ relative: String) -> String {
    scratch.path(relative)
  }

  /// Runs `git args` in `dir` (feeding it `stdin`, if any) and returns its stdout; throws
  /// `ProcessFailure` on a non-zero exit.
  @discardableResult
  public func runGit(
    _ args: [String], in dir: String, env: [String: String] = [:], stdin: [UInt8]? = nil
  ) throws -> String {
    // Variables like GIT_DIR from an outer git (a hook, `git rebase -x`) would redirect the
    // child to the wrong repository.
    var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
    let date = "\(clock) -0700"
    let fixed = [
      "HOME": root,
      "XDG_CONFIG_HOME": path(".config"),
      "GIT_CONFIG_NOSYSTEM": "1",
      "GIT_AUTHOR_NAME": "A U Thor",
      "GIT_AUTHOR_EMAIL": "author@example.com",
      "GIT_AUTHOR_DATE": date,
      "GIT_COMMITTER_NAME": "C O Mitter",
      "GIT_COMMITTER_EMAIL": "committer@example.com",
      "GIT_COMMITTER_DATE": date,
      "LC_ALL": "C",
    ]
    environment.merge(fixed) { _, new in new }
    environment.merge(env) { _, new in new }
    let result = try runProcess("/usr/bin/git", args, cwd: dir, env: environment, stdin: stdin)
    guard result.status == 0 else {
      throw ProcessFailure(
        command: ["git"] + args, status: result.status, stderr: result.stderr)
    }
    return result.stdout
  }
}

extension GitFixture {
  /// Runs `git init` for a new repository at `name` inside the root and returns its path.
  @discardableResult
  public func initRepository(_ name: String = "repo", bare: Bool = false) throws -> String {
    let path = path(name)
    try runGit(["init", "-q"] + (bare ? ["--bare"] : []) + [path], in: root)
    return path
  }

  /// Writes `files` (paths relative to the work tree `repository`), stages everything, ticks
  /// the clock and commits with `message`; returns the new commit's id.
  @discardableResult
  public func commitFiles(_ files: [String: String], message: String, in repository: String)
    throws -> String
  {
    for (file, contents) in files {
      let url = URL(fileURLWithPath: repository).appendingPathComponent(file)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
    try runGit(["add", "-A"], in: repository)
    tick()
    try runGit(["commit", "-q", "--allow-empty", "-m", message], in: repository)
    return try revParse("HEAD", in: repository)
  }

  /// The full id `git rev-parse` gives for `revision`, without the newline.
  public func revParse(_ revision: String, in repository: String) throws -> String {
    try runGit(["rev-parse", "--verify", revision], in: repository)
      .trimmingCharacters(in: .newlines)
  }
}

extension GitFixture {
  /// The `HOME` libgit2 sees in this test process: a `.gitconfig` that sets `holder.scope`
  /// to `global` and no identity, so a developer's own `~/.gitconfig` cannot change results.
  public static let libGit2Home = FileManager.default.temporaryDirectory
    .appendingPathComponent("holder-git-libgit2-home-\(ProcessInfo.processInfo.processIdentifier)")
    .path

  /// Points libgit2's global, XDG and system configuration at `libGit2Home`, once per process.
  ///
  /// libgit2 keeps these search paths process-wide, so this happens before any test opens a
  /// repository (every `GitFixture` calls it) and is never undone.
  public static func isolateLibGit2Configuration() throws {
    try isolation.get()
  }

  private static let isolation = Result<Void, any Error> {
    try FileManager.default.createDirectory(
      atPath: libGit2Home, withIntermediateDirectories: true)
    try Data("[holder]\n\tscope = global\n".utf8)
      .write(to: URL(fileURLWithPath: libGit2Home).appendingPathComponent(".gitconfig"))
    try LibGit2.isolateConfiguration(at: libGit2Home)
  }
}
