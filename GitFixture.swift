import Foundation

/// A failed child process: what ran, how it ended and what it said on stderr.
public struct ProcessFailure: Error, CustomStringConvertible {
  /// The executable and its arguments.
  public var command: [String]
  /// The exit status.
  public var status: Int32
  /// Everything the process wrote to stderr.
  public var stderr: String

  /// `'git commit' exited with 1: <stderr>`.
  public var description: String {
    "'\(command.joined(separator: " "))' exited with \(status): \(stderr)"
  }
}

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

  /// Runs `git args` in `dir` and returns its stdout; throws `ProcessFailure` on a non-zero
  /// exit.
  @discardableResult
  public func runGit(_ args: [String], in dir: String, env: [String: String] = [:]) throws
    -> String
  {
    var environment = ProcessInfo.processInfo.environment
    for key in environment.keys where key.hasPrefix("GIT_") {
      environment[key] = nil
    }
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
    let result = try runProcess("/usr/bin/git", args, cwd: dir, env: environment, stdin: nil)
    guard result.status == 0 else {
      throw ProcessFailure(
        command: ["git"] + args, status: result.status, stderr: result.stderr)
    }
    return result.stdout
  }
}
