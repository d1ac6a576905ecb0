import Git
import HolderCore
import Localization

/// Applying a merge: the plan (`SyncEngine+MergePlan.swift`) turned into tree changes and one merge
/// commit, then the work tree, index and tag views (`commitMerge`).
extension SyncEngine {
  /// Merges the remote head into the branch: computed in memory, then one merge commit.
  func merge(
    reference: String, local: ObjectID, remote: ObjectID, options: SyncOptions,
    handEdits: HandEditOutcome
  ) throws(StoreError) -> SyncReport {
    let planned = try plannedMerge(local: local, remote: remote, options: options)
    let outcome = planned.outcome
    if options.dryRun {
      return SyncReport(
        kind: .merged, handEdits: handEdits, resolutions: outcome.resolutions,
        incoming: BookmarkDiff.changes(before: planned.ours.bookmarks, after: outcome.bookmarks),
        outgoing: try outgoingChanges(local: local, remote: remote))
    }
    var (changes, pack) = try bookmarkChanges(to: outcome, from: planned.ours)
    for (path, change) in planned.otherFiles { changes[path] = change }
    try commitMerge(
      changes, message: mergeMessage(remote: options.remote, resolutions: outcome.resolutions),
      reference: reference, parents: [local, remote], pack: pack)
    return SyncReport(
      kind: .merged, handEdits: handEdits, resolutions: outcome.resolutions,
      incoming: BookmarkDiff.changes(before: planned.ours.bookmarks, after: outcome.bookmarks))
  }

  /// The tree changes that turn the bookmarks and settings of `current` into `outcome`'s.
  ///
  /// Many changed files (a sync after long apart) have their blobs written into one pack,
  /// returned for the commit's trees to join: not a loose file each.
  func bookmarkChanges(to outcome: MergeOutcome, from current: TreeSnapshot)
    throws(StoreError) -> (changes: [String: TreeChange], pack: PackWriter?)
  {
    var files: [(path: String, bytes: [UInt8])] = []
    var changes: [String: TreeChange] = [:]
    var wanted: Set<String> = []
    let present = Dictionary(current.bookmarks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for bookmark in outcome.bookmarks {
      let path = BookmarkPath.relativePath(forNormalizedURL: bookmark.url)
      wanted.insert(path)
      if present[bookmark.id] != bookmark || current.paths[bookmark.id] != path {
        files.append((path, BookmarkCodec.encode(bookmark)))
      }
    }
    // Every file read, not one per id: of two files with one id (a copy committed with plain
    // git), the one the merge renumbered or dropped goes too.
    for path in current.files where !wanted.contains(path) { changes[path] = .remove }
    if outcome.settings != current.settings {
      files.append((Layout.settings, StoreSettingsCodec.encode(outcome.settings)))
    }
    return try git { () throws(GitError) in
      let pack =
        files.count > Change.bulkThreshold ? try PackWriter(repository: store.repository) : nil
      for file in files {
        let id: ObjectID
        if let pack {
          id = try pack.write(file.bytes, as: .blob)
        } else {
          id = try store.repository.writeBlob(file.bytes)
        }
        changes[file.path] = .upsert(id, kind: .blob)
      }
      return (changes, pack)
    }
  }

  private func mergeMessage(remote: String, resolutions: [Resolution]) -> String {
    guard !resolutions.isEmpty else { return Message("Sync with \(remote)").english }
    let subject =
      resolutions.count == 1
      ? Message("Sync with \(remote) (1 conflict settled)").english
      : Message("Sync with \(remote) (\(resolutions.count) conflicts settled)").english
    return subject + "\n\n"
      + resolutions.map { "- " + $0.summary }.joined(separator: "\n")
  }
}
