import Foundation
import Git
import HolderTestSupport
import PropertyBased
import Testing

@testable import HolderKit

/// HEAD read from a plain `.git` without libgit2 (the start of a read whose index is current)
/// against libgit2's answer, after whatever git does: commits, a `git pull`, a checkout of an
/// old commit (a detached HEAD), packed refs, a new branch, an unborn one.
@Suite struct PlainGitDirectoryTests {
  enum Step: CaseIterable {
    case commit, pull, checkoutOld, checkoutMain, packRefs, gc, newBranch, orphan
  }

  static var steps: Generator<[Step], Shrink.None<[Step]>> {
    Generator(
      run: { rng in
        (0..<Int.random(in: 1...10, using: &rng)).map { _ in
          Step.allCases[Int.random(in: 0..<Step.allCases.count, using: &rng)]
        }
      }, shrink: { _ in Shrink.None() })
  }

  /// Both readings of HEAD, and the plain one must exist: these are all plain cases.
  private static func expectSameHead(_ repository: String, after step: String) throws {
    let plain = try #require(PlainGitDirectory(workTree: repository), "after \(step)")
    let read = plain.head()
    let libgit2 = try Repository.open(at: repository).head()
    #expect(read == libgit2, "after \(step)")
    let opened = try Repository.open(at: repository).gitDirectory
    #expect(plain.path == opened, "\(plain.path) against \(opened)")
  }

  @Test func headReadsAsLibGit2ReadsIt() async {
    await propertyCheck(count: 12, input: Self.steps) { steps in
      let git = try GitFixture()
      let remote = try git.initRepository("remote.git", bare: true)
      let repository = try git.initRepository("work")
      try Self.expectSameHead(repository, after: "git init")
      try git.commitFiles(["a": "1"], message: "first", in: repository)
      try git.runGit(["remote", "add", "origin", remote], in: repository)
      try git.runGit(["push", "-q", "origin", "main"], in: repository)
      try git.runGit(["branch", "-q", "--set-upstream-to=origin/main"], in: repository)
      let other = git.path("other")
      try git.runGit(["clone", "-q", remote, other], in: git.root)
      var count = 0
      for step in steps {
        count += 1
        switch step {
        case .commit:
          try git.commitFiles(["f\(count)": "\(count)"], message: "c\(count)", in: repository)
        case .pull:
          try git.commitFiles(["o\(count)": "\(count)"], message: "o\(count)", in: other)
          try git.runGit(["push", "-q", "origin", "HEAD:main"], in: other)
          // Onto whatever is checked out; a detached HEAD or another branch merges too.
          try git.runGit(
            ["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: repository)
          try git.runGit(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: other)
        case .checkoutOld:
          let first =
            try git.runGit(["rev-list", "--max-parents=0", "HEAD"], in: repository)
            .split(separator: "\n").first.map(String.init) ?? "HEAD"
          try git.runGit(["checkout", "-q", "--detach", first], in: repository)
        case .checkoutMain:
          try git.runGit(["checkout", "-q", "-f", "main"], in: repository)
        case .packRefs:
          try git.runGit(["pack-refs", "--all"], in: repository)
        case .gc:
          try git.runGit(["gc", "-q"], in: repository)
        case .newBranch:
          try git.runGit(["checkout", "-q", "-b", "b\(count)"], in: repository)
        case .orphan:
          try git.runGit(["checkout", "-q", "--orphan", "u\(count)"], in: repository)
          try Self.expectSameHead(repository, after: "\(step) (unborn)")
          try git.commitFiles(["u\(count)": "u"], message: "u\(count)", in: repository)
        }
        try Self.expectSameHead(repository, after: "\(step) in \(steps)")
      }
    }
  }

  @Test func anythingUnusualIsLeftToLibGit2() throws {
    let git = try GitFixture()
    let repository = try git.initRepository("work")
    try git.commitFiles(["a": "1"], message: "first", in: repository)
    let plain = try #require(PlainGitDirectory(workTree: repository))
    // A symbolic ref on top of a branch (HEAD → a ref that is itself symbolic).
    try git.runGit(["symbolic-ref", "refs/heads/alias", "refs/heads/main"], in: repository)
    try git.runGit(["symbolic-ref", "HEAD", "refs/heads/alias"], in: repository)
    #expect(plain.head() == nil)
    // A linked work tree's `.git` is a file that names the folder: not plain.
    let linked = git.path("linked")
    try git.runGit(["worktree", "add", "-q", "-b", "side", linked], in: repository)
    #expect(PlainGitDirectory(workTree: linked) == nil)
    // A work tree configured elsewhere.
    try git.runGit(["config", "core.worktree", repository], in: repository)
    #expect(PlainGitDirectory(workTree: repository) == nil)
  }
}
