import Git
import HolderCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Keeping the repository packed, as `git gc --auto` would: when the
/// loose objects pass `gc.auto` (6,700 unless the repository's config says otherwise; 0 turns
/// it off), the reachable ones go into one new pack, and only once that pack and its `.idx`
/// are on disk do their loose copies go. Unreachable loose objects stay for `git prune`.
/// Past `gc.autoPackLimit` packs (50; fetches, imports and merges each write one), all but
/// the largest are combined into that new pack too, so plain `git` never finds a reason to
/// repack in the middle of a user's command.
///
/// Runs under the store lock: either `holder-git pack` in the foreground, or the detached
/// child a writing command hands its lock to (`Packer+Background.swift`).
extension Packer {
  /// True when the loose objects, less those the last packing left, are more than `gc.auto`
  /// (git's `too_many_loose_objects`).
  ///
  /// First an estimate from sixteen sample folders; only when it comes within a fifth of
  /// the threshold are all 256 folders counted, so a store never passes `gc.auto` unpacked
  /// because its sample folder happened to be thin, and a command far below it pays sixteen
  /// small reads. Loose objects the last packing left (unreachable, for `git prune`) are
  /// not counted again: they would start a packer that finds nothing to do after every
  /// command.
  func needsPacking() -> Bool {
    guard let threshold = autoPackThreshold() else { return false }
    return tooManyLoose(threshold: threshold)
      || !packsToCombine(byHand: false).isEmpty
  }

  /// git's defaults for `gc.auto` and `gc.autoPackLimit`.
  static let defaultAutoPackThreshold = 6700

  static let defaultAutoPackLimit = 50

  /// `gc.auto` as git reads it (an integer, with an optional k, m or g); nil when it turns
  /// automatic packing off (0 or less), as it does for git.
  func autoPackThreshold() -> Int? {
    positiveConfig("gc.auto", default: Self.defaultAutoPackThreshold)
  }

  /// `gc.autoPackLimit`: how many packs may pile up before they are combined; nil when off.
  func autoPackLimit() -> Int? {
    positiveConfig("gc.autoPackLimit", default: Self.defaultAutoPackLimit)
  }

  private func positiveConfig(_ key: String, default fallback: Int) -> Int? {
    let value = ((try? store.repository.configInt(key)) ?? nil) ?? Int64(fallback)
    return value > 0 ? Int(clamping: value) : nil
  }

  func tooManyLoose(threshold: Int) -> Bool {
    let kept = keptLoose()
    let estimate = store.repository.looseObjectsInSample() * (256 / Repository.looseSampleFolders)
    guard estimate - kept > threshold - threshold / 5 else { return false }
    return store.repository.looseObjectCount() - kept > threshold
  }

  /// `.git/holder-git-loose-kept`: how many loose objects the last packing left.
  private static let keptFile = "holder-git-loose-kept"

  private func keptLoose() -> Int {
    guard let directory = try? SafeDirectory(path: store.repository.gitDirectory),
      let bytes = try? directory.readFile(Self.keptFile)
    else { return 0 }
    return Int(
      String(decoding: bytes, as: UTF8.self).trimmingSpacesAndNewlines()) ?? 0
  }

  private func recordKeptLoose() {
    guard let directory = try? SafeDirectory(path: store.repository.gitDirectory) else { return }
    let kept = store.repository.looseObjectCount()
    if kept == 0 {
      try? directory.removeFile(Self.keptFile)
    } else {
      try? directory.writeFileAtomically(Self.keptFile, Array("\(kept)\n".utf8), durable: false)
    }
  }

  /// The packs a packing combines into its new one: every pack but the largest, once there
  /// are more than `gc.autoPackLimit` (50 unless set), or by hand more than two.
  ///
  /// git's `gc --auto` repacks everything into one; the largest pack (an import's, or the
  /// clone's) is left as it is, so a packer holding the store lock never spends minutes
  /// recomputing deltas of a whole store, and the count still falls to two.
  func packsToCombine(byHand: Bool) -> [Repository.PackFile] {
    let packs = store.repository.repackablePacks()
    guard let limit = byHand ? 2 : autoPackLimit(), packs.count > limit,
      let largest = packs.max(by: { $0.size < $1.size })
    else { return [] }
    return packs.filter { $0 != largest }
  }

  /// The packing itself; the caller holds the store lock, so no other holder-git writes.
  ///
  /// One new pack gets the reachable loose objects and every object of the packs to
  /// combine (reachable or not: a pack's unreachable objects are `git gc`'s to expire, not
  /// ours). Write order: that pack and its `.idx`, synced with their folder, then each old
  /// pack whose every object the new `.idx` lists, then each loose copy it lists. A crash
  /// anywhere leaves every object readable: at worst in two places, which the next packing
  /// or `git gc` tidies.
  func packHoldingLock(byHand: Bool = false) throws(StoreError) -> Store.PackOutcome {
    let loose = Set(store.repository.looseObjectIDs())
    defer { recordKeptLoose() }
    let reachable =
      loose.isEmpty
      ? [] : try git { () throws(GitError) in try store.repository.reachable(among: loose) }
    var objects = reachable
    var combined: [(pack: Repository.PackFile, ids: Set<ObjectID>)] = []
    for pack in packsToCombine(byHand: byHand) {
      // An index that cannot be read is left alone with its pack, not combined.
      guard let ids = try? pack.objectIDs() else { continue }
      objects.formUnion(ids)
      combined.append((pack, ids))
    }
    var outcome = Store.PackOutcome(unreachable: loose.count - reachable.count)
    // Combining one pack alone would only rewrite it.
    if reachable.isEmpty && combined.count < 2 { return outcome }
    let listed = try git { () throws(GitError) in
      try store.repository.writeDurablePack(of: objects.sorted())
    }
    CrashPoint.reached()
    for old in combined where old.ids.isSubset(of: listed) {
      store.repository.removePack(old.pack)
      outcome.combinedPacks += 1
      CrashPoint.reached()
    }
    for (position, id) in reachable.filter(listed.contains).enumerated() {
      if store.repository.removeLooseCopy(of: id) { outcome.packed += 1 }
      // A crash point every 64 removals: enough for the crash campaign to land between them.
      if position % 64 == 63 { CrashPoint.reached() }
    }
    store.repository.removeEmptyLooseFolders()
    CrashPoint.reached()
    return outcome
  }
}
