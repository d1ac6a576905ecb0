import Foundation
import Git
import HolderCore

// The store's verb of tag views; the work is `TagViewUpkeep`'s.

extension Store {
  /// Repairs the tag views from the work tree when HEAD moved without holder-git (a `git pull`).
  public func refreshTagViewsIfStale() {
    guard !tagViewUpkeep.tagViewsAreCurrent() else { return }
    try? tagViewUpkeep.rebuildTagViewsFromWorkTree()
  }
}
