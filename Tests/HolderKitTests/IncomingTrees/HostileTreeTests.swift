import Foundation
import HolderCore
import HolderTestSupport
import Testing

@testable import HolderKit

/// A remote (or a commit in history) that holds entries holder-git must never write: every
/// way a tree comes in refuses it whole, names the entry and the commit, writes nothing outside
/// the store or into `.git/`, leaves HEAD where it was, and the next command works.
@Suite struct HostileTreeTests {
  /// A store with one bookmark pushed to `<scratch>/remote.git`.
  ///
  /// The hostile objects stay in `.git/objects` (fetched, or made here), where `git fsck`
  /// rightly finds them: these tests check what is written instead of the store's invariants.
  private func storeWithRemote() throws -> (StoreFixture, HostileTree) {
    let fixture = try StoreFixture(checksInvariants: false)
    try fixture.add("https://example.org/kept", tags: ["work"])
    let remote = try fixture.addBareRemote()
    return (fixture, HostileTree(git: fixture.git, repository: remote))
  }

  /// Everything in the scratch folder but the remote and what a fetch rightly writes in `.git`.
  private func surroundings(_ fixture: StoreFixture) throws -> [String: String] {
    try fingerprint(fixture.git.root) { path in
      path == "remote.git" || path == "store/.git/objects" || path == "store/.git/FETCH_HEAD"
        || path.hasPrefix("store/.git/refs/remotes") || path.hasPrefix("store/.git/logs")
        || path == "store/.holder/local" || path == "store/.git/holder-git.lock"
    }
  }

  private func expectRefused(
    _ kind: HostileTree.Kind, commit: String, source: RefusedTree.Source,
    _ body: () throws -> Void
  ) {
    do {
      try body()
      Issue.record("\(kind) was taken in")
    } catch StoreError.refusedTree(let refusal) {
      #expect(refusal.path == kind.path)
      #expect(refusal.commit == commit)
      #expect(refusal.source == source)
      #expect(StoreError.refusedTree(refusal).errorDescription?.contains(kind.path) == true)
    } catch {
      Issue.record("\(kind): \(error)")
    }
  }

  private func expectStillWorks(_ fixture: StoreFixture, head: String) throws {
    #expect(try fixture.git.revParse("HEAD", in: fixture.root) == head)
    #expect(try fixture.status().isEmpty)
    #expect(try fixture.store.check().findings.isEmpty)
    try fixture.add("https://example.org/after")
    #expect(fixture.store.list().bookmarks.count == 2)
  }

  @Test(arguments: HostileTree.Kind.allCases)
  func aFastForwardSyncRefusesTheTreeAndWritesNothing(kind: HostileTree.Kind) throws {
    let (fixture, remote) = try storeWithRemote()
    let head = try fixture.git.revParse("HEAD", in: fixture.root)
    let before = try surroundings(fixture)
    let bad = try remote.commit(kind)
    try remote.commitReadme()
    expectRefused(kind, commit: bad, source: .remote("origin")) { _ = try fixture.store.sync() }
    #expect(try surroundings(fixture) == before)
    #expect(!FileManager.default.fileExists(atPath: fixture.git.path(".ssh")))
    try expectStillWorks(fixture, head: head)
  }

  @Test(arguments: HostileTree.Kind.allCases)
  func aMergingSyncRefusesTheTreeAndWritesNothing(kind: HostileTree.Kind) throws {
    let (fixture, remote) = try storeWithRemote()
    let bad = try remote.commit(kind)
    try fixture.add("https://example.org/local", tags: ["here"])
    let head = try fixture.git.revParse("HEAD", in: fixture.root)
    let before = try surroundings(fixture)
    expectRefused(kind, commit: bad, source: .remote("origin")) { _ = try fixture.store.sync() }
    #expect(try surroundings(fixture) == before)
    #expect(try fixture.git.revParse("HEAD", in: fixture.root) == head)
    #expect(try fixture.status().isEmpty)
    try fixture.add("https://example.org/after")
    #expect(fixture.store.list().bookmarks.count == 3)
  }

  @Test(arguments: HostileTree.Kind.allCases)
  func aCloneRefusesTheTreeAndLeavesNoFolder(kind: HostileTree.Kind) throws {
    let (fixture, remote) = try storeWithRemote()
    let bad = try remote.commit(kind)
    let before = try surroundings(fixture)
    let url = fixture.git.path("remote.git")
    expectRefused(kind, commit: bad, source: .remote(url)) {
      _ = try Store.clone(from: url, to: fixture.git.path("copy"))
    }
    #expect(try surroundings(fixture) == before)
    // The folder was empty before: it stays, and stays empty.
    try FileManager.default.createDirectory(
      atPath: fixture.git.path("empty"), withIntermediateDirectories: false)
    expectRefused(kind, commit: bad, source: .remote(url)) {
      _ = try Store.clone(from: url, to: fixture.git.path("empty"))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.git.path("empty")) == [])
  }

  /// Plain `git pull` takes in what git itself allows (a symbolic link, a store.json); the
  /// settle pass that any command runs next refuses to build on it.
  @Test(arguments: HostileTree.Kind.allCases.filter(\.gitChecksItOut))
  func theSettlePassAfterGitPullRefusesTheTree(kind: HostileTree.Kind) throws {
    let (fixture, remote) = try storeWithRemote()
    let bad = try remote.commit(kind)
    try fixture.add("https://example.org/local")
    try fixture.runGit("pull", "-q", "--no-rebase", "--no-edit", "origin", "main")
    let pulled = try fixture.git.revParse("HEAD", in: fixture.root)
    let before = try surroundings(fixture)
    expectRefused(kind, commit: bad, source: .gitMerge) {
      _ = try fixture.store.syncEngine.settleMergeFromGit()
    }
    #expect(try surroundings(fixture) == before)
    #expect(try fixture.git.revParse("HEAD", in: fixture.root) == pulled)
    // The remedy the message gives brings the store back to a state every command accepts.
    try fixture.runGit("reset", "-q", "--merge", "ORIG_HEAD")
    #expect(try fixture.store.syncEngine.settleMergeFromGit() == nil)
    try fixture.add("https://example.org/after")
    #expect(try fixture.store.check().findings.isEmpty)
  }

  /// A commit that removed a hostile entry, brought in by plain git: undoing it would write
  /// the entry back.
  @Test(arguments: HostileTree.Kind.allCases)
  func undoRefusesToBringBackAHostileTree(kind: HostileTree.Kind) throws {
    let fixture = try StoreFixture(checksInvariants: false)
    try fixture.add("https://example.org/kept", tags: ["work"])
    let clean = try fixture.runGit("rev-parse", "HEAD^{tree}").trimmingCharacters(in: .newlines)
    let hostile = HostileTree(git: fixture.git, repository: fixture.root)
    let bad = try hostile.commit(kind)
    fixture.git.tick()
    let cleanup = try fixture.runGit("commit-tree", clean, "-p", "main", "-m", "Tidy up")
      .trimmingCharacters(in: .newlines)
    try fixture.runGit("update-ref", "refs/heads/main", cleanup)
    let before = try surroundings(fixture)
    expectRefused(kind, commit: bad, source: .history) { _ = try fixture.store.undo() }
    #expect(try surroundings(fixture) == before)
    try expectStillWorks(fixture, head: cleanup)
  }

  /// Restore writes only a bookmark it decoded, at the path its URL gives: a hostile version
  /// in the history writes nothing outside the store.
  @Test(arguments: HostileTree.Kind.allCases)
  func restoreFromAHostileCommitWritesNothingOutside(kind: HostileTree.Kind) throws {
    let fixture = try StoreFixture(checksInvariants: false)
    let kept = try fixture.add("https://example.org/kept", tags: ["work"])
    let clean = try fixture.runGit("rev-parse", "HEAD^{tree}").trimmingCharacters(in: .newlines)
    let bad = try HostileTree(git: fixture.git, repository: fixture.root).commit(kind)
    fixture.git.tick()
    let cleanup = try fixture.runGit("commit-tree", clean, "-p", "main", "-m", "Tidy up")
      .trimmingCharacters(in: .newlines)
    try fixture.runGit("update-ref", "refs/heads/main", cleanup)
    let outside = try fingerprint(fixture.git.root) { $0 == "store" }
    _ = try? fixture.store.restore(kept.bookmark.id.description, at: .revision(bad))
    #expect(try fingerprint(fixture.git.root) { $0 == "store" } == outside)
    #expect(!FileManager.default.fileExists(atPath: fixture.root + "/.git/hooks/post-checkout"))
    #expect(try fixture.store.check().findings.isEmpty)
  }
}
