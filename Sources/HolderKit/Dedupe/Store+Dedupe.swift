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

// The store's verbs of duplicates; the work is Deduplicator's.

extension Store {
  /// Merges the bookmarks `names` name; one name means it and its near-duplicates.
  ///
  /// The bookmark `keep` names (default: the earliest created) keeps its id, URL and title;
  /// the rest follows `BookmarkUnion` (tags united, notes joined, the earliest `created`).
  /// With `dryRun` nothing is written.
  public func dedupe(
    _ names: [String], keep: String? = nil, dryRun: Bool = false,
    currentDirectory: String? = nil
  ) throws(StoreError) -> DedupePlan {
    try deduplicator.dedupe(names, keep: keep, dryRun: dryRun, currentDirectory: currentDirectory)
  }

  /// The saved near-duplicates of `url` (normalised), other than `url` itself, by path.
  public func nearDuplicates(ofNormalizedURL url: String) -> [NearDuplicateMatch] {
    deduplicator.nearDuplicates(ofNormalizedURL: url)
  }
}
