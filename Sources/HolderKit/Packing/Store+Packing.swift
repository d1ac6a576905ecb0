import Git

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

// The store's verbs of packing; the work is `Packer`'s.

extension Store {
  /// Starts the background packer when this process committed and the store needs packing;
  /// does nothing while another holder-git holds the lock (its own end will look again).
  public func packInBackgroundIfNeeded() {
    guard commitState.hasCommitted, backgroundPacker != nil, packer.needsPacking() else { return }
    var lock = try? StoreLock(
      gitDirectory: repository.gitDirectory, timeout: 0,
      handOver: { [self] fd in packer.needsPacking() && packer.startPacker(lock: fd) })
    // Letting go of the lock hands it over.
    withExtendedLifetime(lock) {}
    lock = nil
  }

  /// The background packer's work: packs under the lock handed over as `fd`, if still needed.
  ///
  /// Nil when `fd` holds no lock of this store (run by hand).
  public func packWithHandedOverLock(_ fd: Int32) throws(StoreError) -> PackOutcome? {
    guard let lock = StoreLock(adopting: fd, gitDirectory: repository.gitDirectory) else {
      return nil
    }
    defer { withExtendedLifetime(lock) {} }
    guard packer.needsPacking() else { return PackOutcome() }
    return try packer.packHoldingLock()
  }

  /// What one packing did.
  public struct PackOutcome: Sendable, Equatable {
    /// Loose objects now in the new pack whose loose copies were removed.
    public var packed = 0
    /// Loose objects left loose: no reference, reflog or index entry reaches them.
    public var unreachable = 0
    /// Older packs whose objects went into the new pack, and which are gone.
    public var combinedPacks = 0
  }

  /// Packs the store's reachable loose objects now, under the store lock: `holder-git pack`.
  ///
  /// `onlyWhenNeeded` packs only past `gc.auto` or `gc.autoPackLimit`, as the background
  /// packer does; by hand, more than two packs are combined whatever the limit.
  public func packLooseObjects(onlyWhenNeeded: Bool = false) throws(StoreError) -> PackOutcome {
    try withTransaction { _ throws(StoreError) -> PackOutcome in
      guard !onlyWhenNeeded || packer.needsPacking() else { return PackOutcome() }
      return try packer.packHoldingLock(byHand: !onlyWhenNeeded)
    }
  }
}
