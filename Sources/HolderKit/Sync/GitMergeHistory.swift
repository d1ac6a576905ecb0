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

/// What the merge driver knows of the history of a `git merge` it runs in: when each side
/// changed a bookmark, so a change committed with plain git that kept `lastModified` counts at
/// its commit's author time (DESIGN §5), as it does in `sync` and the settle pass.
///
/// git runs the driver at the top of the work tree with HEAD as ours and names the commit
/// being merged in `GITHEAD_<id>`; outside such a merge (a rebase, a cherry-pick) there is no
/// history and the driver compares `lastModified` alone.
public final class GitMergeHistory {
  private let store: Store
  private let ours: ObjectID
  private let theirs: ObjectID
  private var times: (ours: [BookmarkID: Timestamp], theirs: [BookmarkID: Timestamp])?

  private init(store: Store, ours: ObjectID, theirs: ObjectID) {
    self.store = store
    self.ours = ours
    self.theirs = theirs
  }

  /// The merge git is running in `directory`, when there is exactly one commit being merged.
  public static func current(
    in directory: String = FileManager.default.currentDirectoryPath,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> GitMergeHistory? {
    let merged = environment.keys.filter { $0.hasPrefix("GITHEAD_") }
    guard merged.count == 1, let key = merged.first,
      let theirs = ObjectID(hex: String(key.dropFirst("GITHEAD_".count))),
      let store = try? Store.open(at: directory), let ours = try? store.commitReader.currentHead()
    else { return nil }
    return GitMergeHistory(store: store, ours: ours, theirs: theirs)
  }

  /// When ours and theirs changed the bookmark `id`, where their history says more than their
  /// `lastModified`; nil when it says nothing or cannot be read.
  func changeTimes(of id: BookmarkID) -> (ours: Timestamp?, theirs: Timestamp?)? {
    if times == nil {
      guard let base = try? store.repository.mergeBase(ours, theirs),
        let mine = try? store.syncEngine.changeTimes(from: ours, to: base),
        let other = try? store.syncEngine.changeTimes(from: theirs, to: base)
      else { return nil }
      times = (mine.changed, other.changed)
    }
    guard let times, times.ours[id] != nil || times.theirs[id] != nil else { return nil }
    return (times.ours[id], times.theirs[id])
  }
}
