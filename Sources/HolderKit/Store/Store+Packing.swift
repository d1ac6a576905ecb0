import Foundation
import Git

/// Keeping the repository packed (issue 18, item 4), as `git gc --auto` would: when the
/// loose objects pass `gc.auto` (6,700 unless the repository's config says otherwise; 0 turns
/// it off), the reachable ones go into one new pack, and only once that pack and its `.idx`
/// are on disk do their loose copies go. Unreachable loose objects stay for `git prune`.
///
/// Runs under the store lock: either `holder-git pack` in the foreground, or the detached
/// child a writing command hands its lock to (`Store+BackgroundPack.swift`).
extension Store {
  /// What one packing did.
  public struct PackOutcome: Sendable, Equatable {
    /// Loose objects now in the new pack whose loose copies were removed.
    public var packed: Int
    /// Loose objects left loose: no reference, reflog or index entry reaches them.
    public var unreachable: Int
  }

  /// git's default for `gc.auto`.
  static let defaultAutoPackThreshold = 6700

  /// `gc.auto` as git reads it (an integer, with an optional k, m or g); nil when it turns
  /// automatic packing off (0 or less).
  func autoPackThreshold() -> Int? {
    guard let text = (try? repository.config("gc.auto")) ?? nil else {
      return Self.defaultAutoPackThreshold
    }
    var digits = text.trimmingCharacters(in: .whitespaces).lowercased()
    var scale = 1
    if let unit = digits.last, let factor = ["k": 1 << 10, "m": 1 << 20, "g": 1 << 30][unit] {
      scale = factor
      digits.removeLast()
    }
    guard let value = Int(digits) else { return Self.defaultAutoPackThreshold }
    return value > 0 ? value * scale : nil
  }

  /// True when the loose objects, less those the last packing left, are more than `gc.auto`
  /// (git's `too_many_loose_objects`).
  ///
  /// First an estimate from sixteen sample folders; only when it comes within a fifth of
  /// the threshold are all 256 folders counted, so a store never passes `gc.auto` unpacked
  /// because its sample folder happened to be thin, and a command far below it pays sixteen
  /// small reads. Loose objects the last packing left (unreachable, for `git prune`) are
  /// not counted again: they would start a packer that finds nothing to do after every
  /// command.
  public func needsPacking() -> Bool {
    guard let threshold = autoPackThreshold() else { return false }
    let kept = keptLoose()
    let estimate = repository.looseObjectsInSample() * (256 / Repository.looseSampleFolders)
    guard estimate - kept > threshold - threshold / 5 else { return false }
    return repository.looseObjectCount() - kept > threshold
  }

  /// `.git/holder-git-loose-kept`: how many loose objects the last packing left.
  private static let keptFile = "holder-git-loose-kept"

  private func keptLoose() -> Int {
    guard let directory = try? SafeDirectory(path: repository.gitDirectory),
      let bytes = try? directory.readFile(Self.keptFile)
    else { return 0 }
    return Int(
      String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
  }

  private func recordKeptLoose() {
    guard let directory = try? SafeDirectory(path: repository.gitDirectory) else { return }
    let kept = repository.looseObjectCount()
    if kept == 0 {
      try? directory.removeFile(Self.keptFile)
    } else {
      try? directory.writeFileAtomically(Self.keptFile, Array("\(kept)\n".utf8), durable: false)
    }
  }

  /// Packs the store's reachable loose objects now, under the store lock: `holder-git pack`.
  ///
  /// `onlyWhenNeeded` packs only past `gc.auto`, as the background packer does.
  public func packLooseObjects(onlyWhenNeeded: Bool = false) throws(StoreError) -> PackOutcome {
    let lock = try lockForWriting()
    defer { withExtendedLifetime(lock) {} }
    guard !onlyWhenNeeded || needsPacking() else { return PackOutcome(packed: 0, unreachable: 0) }
    return try packHoldingLock()
  }

  /// The packing itself; the caller holds the store lock, so no other holder-git writes.
  ///
  /// Write order: the pack and its `.idx`, synced with their folder, then each loose copy
  /// the `.idx` lists is removed. A crash anywhere leaves every object readable: at worst
  /// both a loose and a packed copy, which the next packing or `git gc` tidies.
  func packHoldingLock() throws(StoreError) -> PackOutcome {
    let loose = Set(repository.looseObjectIDs())
    defer { recordKeptLoose() }
    guard !loose.isEmpty else { return PackOutcome(packed: 0, unreachable: 0) }
    let reachable = try git { () throws(GitError) in try repository.reachable(among: loose) }
    let listed = try git { () throws(GitError) in
      try repository.writeDurablePack(of: reachable.sorted())
    }
    CrashPoint.reached()
    var removed = 0
    for (position, id) in reachable.filter(listed.contains).enumerated() {
      if repository.removeLooseCopy(of: id) { removed += 1 }
      // A crash point every 64 removals: enough for the crash campaign to land between them.
      if position % 64 == 63 { CrashPoint.reached() }
    }
    repository.removeEmptyLooseFolders()
    CrashPoint.reached()
    return PackOutcome(packed: removed, unreachable: loose.count - reachable.count)
  }
}
