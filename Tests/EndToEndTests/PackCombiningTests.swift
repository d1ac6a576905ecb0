import Foundation
import HolderTestSupport
import Testing

/// Packs do not pile up. Past `gc.autoPackLimit`, every pack but the
/// largest is combined into one, and nothing any pack held is lost.
extension PackingTests {
  /// Packs `store` into its largest pack, then `small` smaller ones, and one more of a blob
  /// nothing reaches; returns that blob's id.
  ///
  /// The largest is holder-git's pack of `storeWithLooseObjects`; each small one is plain
  /// `git repack -d` after an add; the last is written by `git pack-objects` alone.
  private func storeWithManyPacks(
    _ binary: HolderBinary, _ store: String, small: Int
  ) throws -> String {
    #expect(try binary.run(["pack", "--store", store]).status == 0)
    for n in 1...small {
      let url = "https://example.org/small/\(n)"
      #expect(try binary.run(["add", "--store", store, url]).status == 0)
      try binary.git.runGit(["repack", "-d", "-q"], in: store)
    }
    let orphan = try binary.git.runGit(
      ["hash-object", "-w", "--stdin"], in: store, stdin: Array("only in a pack\n".utf8)
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    try binary.git.runGit(
      ["pack-objects", "-q", ".git/objects/pack/pack"], in: store, stdin: Array(orphan.utf8))
    try binary.git.runGit(["prune-packed"], in: store)
    #expect(try countObjects(binary, store)["packs"] == small + 2)
    return orphan
  }

  private func packNames(_ store: String) throws -> Set<String> {
    Set(
      try FileManager.default.contentsOfDirectory(atPath: store + "/.git/objects/pack")
        .filter { $0.hasSuffix(".pack") })
  }

  private func packSizes(_ store: String) throws -> [String: Int] {
    var sizes: [String: Int] = [:]
    for name in try packNames(store) {
      let attributes = try FileManager.default.attributesOfItem(
        atPath: store + "/.git/objects/pack/" + name)
      sizes[name] = (attributes[.size] as? NSNumber)?.intValue ?? 0
    }
    return sizes
  }

  @Test func anAddPastGcAutoPackLimitCombinesEveryPackButTheLargest() throws {
    let binary = try HolderBinary()
    let store = try storeWithLooseObjects(binary)
    let orphan = try storeWithManyPacks(binary, store, small: 4)
    let sizes = try packSizes(store)
    let largest = try #require(sizes.max { $0.value < $1.value }).key
    // One small pack is kept on purpose: git's .keep means hands off.
    let kept = sizes.keys.filter { $0 != largest }.sorted()[0]
    let keep = store + "/.git/objects/pack/" + kept.dropLast(5) + ".keep"
    FileManager.default.createFile(atPath: keep, contents: Data())
    // Five packs may be combined (the kept one may not): one more than the limit.
    try binary.git.runGit(["config", "gc.autoPackLimit", "4"], in: store)
    let added = try binary.run(["add", "--store", store, "https://example.org/combined"])
    #expect(added.status == 0, "\(added.stderr)")
    try waitForLock(store)
    let after = try packNames(store)
    // The largest, the kept one, and the new one that holds the other four.
    #expect(after.count == 3)
    #expect(after.contains(largest))
    #expect(after.contains(kept))
    #expect(try countObjects(binary, store)["garbage"] == 0)
    // The unreachable blob that only a pack held is still there, for git gc to judge.
    #expect(
      try binary.git.runGit(["cat-file", "-p", orphan], in: store) == "only in a pack\n")
    try expectIntact(binary, store, bookmarks: 8)
  }

  @Test func packsUpToGcAutoPackLimitStayAsTheyAre() throws {
    let binary = try HolderBinary()
    let store = try storeWithLooseObjects(binary)
    _ = try storeWithManyPacks(binary, store, small: 3)
    try binary.git.runGit(["config", "gc.autoPackLimit", "5"], in: store)
    let before = try packNames(store)
    #expect(try binary.run(["add", "--store", store, "https://example.org/under"]).status == 0)
    try waitForLock(store)
    #expect(try packNames(store) == before)
    // 0 turns it off, as in git.
    try binary.git.runGit(["config", "gc.autoPackLimit", "0"], in: store)
    #expect(try binary.run(["add", "--store", store, "https://example.org/off"]).status == 0)
    try waitForLock(store)
    #expect(try packNames(store) == before)
  }

  @Test func packByHandCombinesPacksAndGitGcAgreesAfterwards() throws {
    let binary = try HolderBinary()
    let store = try storeWithLooseObjects(binary)
    let orphan = try storeWithManyPacks(binary, store, small: 2)
    try binary.git.runGit(["config", "gc.reflogExpire", "never"], in: store)
    try binary.git.runGit(["config", "gc.reflogExpireUnreachable", "never"], in: store)
    #expect(try binary.run(["add", "--store", store, "https://example.org/loose"]).status == 0)
    let packed = try binary.run(["pack", "--store", store])
    #expect(packed.status == 0, "\(packed.stderr)")
    #expect(packed.stdout.contains("Combined 3 packs into one"), "\(packed.stdout)")
    #expect(packed.stdout.contains("Packed"))
    let figures = try countObjects(binary, store)
    #expect(figures["packs"] == 2)
    #expect(figures["count"] == 1)
    #expect(try binary.git.runGit(["cat-file", "-p", orphan], in: store) == "only in a pack\n")
    try expectIntact(binary, store, bookmarks: 6)
    // Two packs are as few as holder-git makes: nothing more to combine.
    let again = try binary.run(["pack", "--store", store])
    #expect(!again.stdout.contains("Combined"))
    try expectIntactAfterGitGc(binary, store, editing: "https://example.org/loose", bookmarks: 6)
  }
}
