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

// The store's verbs of checking; the work is `StoreChecker`'s.

extension Store {
  /// Looks for everything that is wrong with the store, changing nothing.
  public func check() throws(StoreError) -> CheckReport {
    try checker.check()
  }

  /// Repairs what can be repaired without losing anything, in one commit
  /// (`Repair the store`), and brings the tag views up to date.
  ///
  /// Broken files are never rewritten (they stay in `remaining`); two files with one URL are
  /// joined as a sync joins two saves of one link (`StoreMerge.joined`); a store in an older
  /// format has its files moved to the paths this version gives and is marked with the
  /// current format.
  public func checkAndFix() throws(StoreError) -> CheckReport {
    try checker.checkAndFix()
  }
}
