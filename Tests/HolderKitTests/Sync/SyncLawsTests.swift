import Foundation
import HolderCore
import HolderTestSupport
import PropertyBased
import Testing

@testable import HolderKit

/// The laws of DESIGN §5 checked on real repositories: `git pull` followed by the settle pass
/// gives the same tree as `sync`, and two stores that sync with each other converge.
@Suite struct SyncLawsTests {
  /// Random offline changes through the library: adds, edits of shared bookmarks, deletions.
  private func changeOffline(_ store: Store, _ rng: inout Xoshiro, device: String) throws {
    let shared = store.list().bookmarks
    for located in shared {
      switch Int.random(in: 0..<4, using: &rng) {
      case 0:
        try store.remove(located.path)
      case 1:
        _ = try store.add(
          AddRequest(
            url: located.bookmark.url, title: "\(device) title", tags: ["from/\(device)"],
            updateExisting: true))
      default:
        continue
      }
    }
    for n in 0..<Int.random(in: 0..<3, using: &rng) {
      _ = try store.add(AddRequest(url: "https://example.org/\(device)/\(n)", tags: [device]))
    }
  }

  @Test func gitPullThenSettleGivesTheSameTreeAsSync() throws {
    var rng = Xoshiro(seed: (41, 42, 43, 44))
    for round in 0..<4 {
      let fixture = try StoreFixture()
      for n in 0..<6 { try fixture.add("https://example.org/base/\(n)", tags: ["base"]) }
      let remote = try fixture.addBareRemote()
      let other = fixture.git.path("other")
      try fixture.git.runGit(["clone", "-q", remote, other], in: fixture.git.root)
      let otherStore = try Store.open(
        at: other,
        environment: StoreInvariants.checking(
          .deterministic(
            start: Timestamp(millisecondsSince1970: 1_763_716_500_000),
            firstID: StoreFixture.firstID(of: "other"))))
      try changeOffline(otherStore, &rng, device: "other")
      try fixture.git.runGit(["push", "-q", "origin", "main"], in: other)
      try changeOffline(fixture.store, &rng, device: "here")

      // The same starting point, merged two ways.
      let pulled = fixture.git.path("pulled")
      try fixture.git.runGit(["clone", "-q", fixture.root, pulled], in: fixture.git.root)
      let pulledStore = try Store.open(
        at: pulled,
        environment: StoreInvariants.checking(
          .deterministic(start: StoreFixture.start, firstID: StoreFixture.firstID(of: "pulled"))))
      try pulledStore.ensureMergeDriver(executable: HolderBinary.path)
      // git stops on a conflict it cannot hand to the driver (delete against change); the
      // settle pass finishes that merge too.
      _ = try? fixture.git.runGit(["pull", "-q", "--no-edit", remote, "main"], in: pulled)
      _ = try pulledStore.syncEngine.settleMergeFromGit()
      _ = try fixture.store.sync(SyncOptions(remote: "origin"))

      let synced = try fixture.runGit("rev-parse", "HEAD^{tree}")
      let settled = try fixture.git.runGit(["rev-parse", "HEAD^{tree}"], in: pulled)
      #expect(synced == settled, "round \(round)")
      #expect(try fixture.status() == "")
    }
  }

  @Test func threeStoresConvergeWhateverTheOrderOfSyncs() throws {
    var rng = Xoshiro(seed: (51, 52, 53, 54))
    for round in 0..<3 {
      let fixture = try StoreFixture()
      for n in 0..<6 { try fixture.add("https://example.org/base/\(n)", tags: ["base"]) }
      let remote = try fixture.addBareRemote()
      var stores = [fixture.store]
      for name in ["b", "c"] {
        let path = fixture.git.path(name)
        try fixture.git.runGit(["clone", "-q", remote, path], in: fixture.git.root)
        stores.append(
          try Store.open(
            at: path,
            environment: StoreInvariants.checking(
              .deterministic(
                start: Timestamp(millisecondsSince1970: 1_763_716_443_120 + Int64(round) * 7),
                firstID: StoreFixture.firstID(of: name)))))
      }
      for (index, store) in stores.enumerated() {
        try changeOffline(store, &rng, device: "d\(index)")
      }
      let order = stores.indices.shuffled(using: &rng)
      // Two passes: after the first every change is on the remote, after the second everywhere.
      for index in order + order { _ = try stores[index].sync() }
      let trees = try stores.map { store in
        try fixture.git.runGit(["rev-parse", "HEAD^{tree}"], in: store.root)
      }
      #expect(Set(trees).count == 1, "round \(round), order \(order)")
      for store in stores {
        #expect(try fixture.git.runGit(["status", "--porcelain"], in: store.root) == "")
      }
    }
  }

  /// Convergence: two clones, each with 200 different offline changes (adds,
  /// edits of the same bookmarks, URL edits, deletions), converge after syncing both ways.
  @Test func twoClonesWith200OfflineChangesEachConverge() throws {
    var rng = Xoshiro(seed: (61, 62, 63, 64))
    let fixture = try StoreFixture()
    for n in 0..<120 { try fixture.add("https://example.org/shared/\(n)", tags: ["shared"]) }
    try fixture.addBareRemote()
    let other = try fixture.cloneStore(
      "other", start: Timestamp(millisecondsSince1970: 1_763_716_450_000))
    let otherPath = other.root
    for (store, device) in [(fixture.store, "here"), (other, "there")] {
      try makeOfflineChanges(store, device: device, renamingTags: false, rng: &rng)
    }
    _ = try fixture.store.sync()
    let report = try other.sync()
    _ = try fixture.store.sync()
    #expect(report.kind == .merged)
    #expect(!report.resolutions.isEmpty)
    let here = try fixture.runGit("rev-parse", "HEAD^{tree}")
    let there = try fixture.git.runGit(["rev-parse", "HEAD^{tree}"], in: otherPath)
    #expect(here == there)
    #expect(try fixture.status() == "")
    // Each side added 100 new bookmarks of its own: none may be lost in the merge.
    let urls = fixture.store.list().bookmarks.map(\.bookmark.url)
    for device in ["here", "there"] {
      #expect(urls.filter { $0.hasPrefix("https://example.org/\(device)/") }.count == 100)
    }
  }
}
