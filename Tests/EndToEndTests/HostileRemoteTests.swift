import Foundation
import HolderTestSupport
import Testing

/// The reproduction from the path-traversal report, as a person would meet it: an attacker
/// pushes a commit made with plain git whose tree walks out of the store into `~/.ssh`.
@Suite struct HostileRemoteTests {
  @Test func aSyncRefusesATreeThatWalksOutOfTheStoreAndSaysWhichCommit() throws {
    let setup = try HostileRemote()
    let (binary, victim, attacker) = (setup.binary, setup.victim, setup.attacker)
    let git = binary.git
    let script = """
      b=$(printf 'ssh-ed25519 AAAA attacker\\n' | git hash-object -w --stdin)
      t=$(printf '100644 blob %s\\tauthorized_keys\\n' $b | git mktree)
      t=$(printf '040000 tree %s\\t.ssh\\n' $t | git mktree)
      t=$(printf '040000 tree %s\\t..\\n' $t | git mktree)
      k=$( (git ls-tree HEAD:bookmarks; printf '040000 tree %s\\t..\\n' $t) | git mktree)
      r=$( (git ls-tree HEAD | grep -v '\tbookmarks$'; printf '040000 tree %s\\tbookmarks\\n' $k) | git mktree)
      c=$(git commit-tree $r -p HEAD -m tidy)
      git update-ref refs/heads/main $c
      git push -q origin main
      echo $c
      """
    let commit = try runShell(script, in: attacker, git: git)
    let head = try git.revParse("HEAD", in: victim)

    let sync = try binary.run(["sync", "--store", victim])
    #expect(sync.status != 0)
    #expect(sync.stderr.contains("bookmarks/../../.ssh/authorized_keys"), "\(sync.stderr)")
    #expect(sync.stderr.contains(String(commit.prefix(10))), "\(sync.stderr)")
    #expect(sync.stderr.contains("nothing was changed"), "\(sync.stderr)")
    #expect(!FileManager.default.fileExists(atPath: git.path(".ssh")))
    #expect(try git.revParse("HEAD", in: victim) == head)
    // Refused again, not "Already up to date"; the store itself still works.
    let again = try binary.run(["sync", "--store", victim])
    #expect(again.status != 0)
    #expect(!again.stdout.contains("up to date"))
    #expect(try binary.run(["add", "--store", victim, "https://example.org/b"]).status == 0)
    #expect(try binary.run(["check", "--store", victim]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: git.path(".ssh")))
  }

  /// Runs `script` with sh in `directory`, with the fixture's git identity; its last line.
  private func runShell(_ script: String, in directory: String, git: GitFixture) throws -> String {
    let result = try runProcess(
      "/bin/sh", ["-c", script], cwd: directory,
      env: [
        "HOME": git.root, "GIT_CONFIG_NOSYSTEM": "1", "PATH": "/usr/bin:/bin",
        "GIT_AUTHOR_NAME": "Attacker", "GIT_AUTHOR_EMAIL": "a@example.com",
        "GIT_COMMITTER_NAME": "Attacker", "GIT_COMMITTER_EMAIL": "a@example.com",
      ], stdin: nil)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").last.map(String.init) ?? ""
  }
}
