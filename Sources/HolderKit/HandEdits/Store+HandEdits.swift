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

// The store's verb of hand edits; the work is `HandEditIntake`'s.

extension Store {
  /// Takes in hand edits (DESIGN §4): validates each changed bookmark file and
  /// `.holder/store.json`, stamps `lastModified` where the content changed without it,
  /// rewrites them canonically and commits them together in a commit of their own.
  ///
  /// Files missing from the work tree are taken for deletions by hand only below the
  /// mass-delete guard's threshold (at least 20 and more than a fifth of the bookmarks), unless
  /// `allowMassDelete`: a checkout or a copy that stopped half way leaves files out too, and
  /// those deletions would reach every other machine at the next sync.
  public func commitHandEdits(allowMassDelete: Bool = false) throws(StoreError)
    -> HandEditOutcome
  {
    try withTransaction { (transaction) throws(StoreError) -> HandEditOutcome in
      try handEditIntake.takeInHandEdits(
        allowMassDelete: allowMassDelete, command: "commit", in: transaction)
    }
  }
}
