import Git
import HolderCore
import Localization

/// What `check` says about one URL saved in several files (two saves of one link, or a link
/// saved in NFD and NFC before URLs were composed) and about a store in an older format;
/// the repairs `check --fix` makes for them. Reads nothing but what `inspection()` read, and
/// for an id held twice, the files' committed versions from before it was.
extension StoreChecker {
  /// Findings and merge repairs for every URL held by more than one readable file; returns
  /// the paths of those files, which get no other finding (the merge rewrites them all).
  func mergeFindings(
    files: [(path: String, bytes: [UInt8], bookmark: Bookmark)], byURL: [String: [String]],
    into result: inout StoreInspection
  ) -> Set<String> {
    var merged: Set<String> = []
    let byPath = Dictionary(files.map { ($0.path, $0.bookmark) }) { first, _ in first }
    for (url, paths) in byURL.sorted(by: { $0.key < $1.key }) where paths.count > 1 {
      let sorted = paths.sorted()
      let expected = BookmarkPath.relativePath(forNormalizedURL: url)
      // A broken file at the merged file's path is never overwritten.
      let fixable = !result.broken.contains(expected)
      // A list, not a sentence: commas read the same in every language.
      let names = sorted.map { "'\($0)'" }.joined(separator: ", ")
      let shown = URLNormalizer.readable(url)
      let message =
        fixable
        ? Message(
          "'\(shown)' is saved \(paths.count) times, in \(names); run 'holder-git check --fix' to merge them into '\(expected)' (tags united, notes joined, the earliest created kept)"
        )
        : Message(
          "'\(shown)' is saved \(paths.count) times, in \(names); '\(expected)' is broken: fix it by hand first"
        )
      result.findings.append(
        CheckFinding(
          kind: .duplicateURL, path: sorted[0], message: message.english, isFixable: fixable))
      guard fixable else { continue }
      // Joined as a merge joins two saves of one link, so machines repairing the same
      // copies agree, and a sync of the files before the repair gives what it gives.
      guard let bookmark = StoreMerge.joined(sorted.compactMap { byPath[$0] })?.bookmark
      else { continue }
      result.repairs.append(.merge(from: sorted, to: expected, bookmark: bookmark))
      result.bookmarks.append(LocatedBookmark(path: expected, bookmark: bookmark))
      merged.formUnion(sorted)
    }
    return merged
  }

  /// Findings for every id held by more than one readable file, and their new ids.
  ///
  /// The file that held the id in the last commit where one file did keeps it (else the
  /// earliest created, then the one changed least lately: a copy made by hand is usually the
  /// one edited; `StoreMerge.ids`); each other file gets back the id it held then, or else a
  /// new id derived from the id and its link, as a merge of the same files gives it, so that
  /// machines repairing the same copy agree. Returns those files' bookmarks with their new ids.
  func idFindings(
    files: [(path: String, bytes: [UInt8], bookmark: Bookmark)], into result: inout StoreInspection
  ) -> [String: Bookmark] {
    var renumbered: [String: Bookmark] = [:]
    let byID = Dictionary(grouping: files) { $0.bookmark.id }
    let shared = byID.filter { $0.value.count > 1 }
    guard !shared.isEmpty else { return renumbered }
    let before =
      (try? store.commitReader.currentHead()).map {
        idsBeforeCopies(shared.mapValues { $0.map(\.path) }, from: $0)
      }
      ?? IDsBeforeCopies()
    var inUse = Set(byID.keys)
    for (id, holders) in shared.sorted(by: { $0.key < $1.key }) {
      let given = StoreMerge.ids(
        of: holders, sharing: id, baseURL: before.links[id], baseIDs: before.ids,
        inUse: &inUse
      ) { $0.bookmark }
      let keeper = given[0].holder.path
      for (copy, newID) in given.dropFirst() {
        result.findings.append(
          CheckFinding(
            kind: .duplicateID, path: copy.path,
            message: Message(
              "'\(copy.path)' has the id of '\(keeper)', \(id.rawValue); run 'holder-git check --fix' to give it a new id"
            ).english,
            isFixable: true))
        var bookmark = copy.bookmark
        bookmark.id = newID
        renumbered[copy.path] = bookmark
      }
    }
    return renumbered
  }

  /// Where each id of `holders` (id → the paths of the files holding it) was held once: in
  /// the newest of `head`'s first-parent commits (64 at most) where no two of its paths held
  /// it, the link of the one that did, and for every path read there, its link's id.
  func idsBeforeCopies(_ holders: [BookmarkID: [String]], from head: ObjectID) -> IDsBeforeCopies {
    var commit = head
    for _ in 0..<64 {
      guard let tree = try? store.commitReader.tree(ofCommit: commit) else { break }
      var links: [BookmarkID: String] = [:]
      var ids: [String: BookmarkID] = [:]
      var once = true
      for (id, paths) in holders {
        let read = paths.compactMap { try? store.commitReader.committedBookmark(at: $0, in: tree) }
        let holding = read.filter { $0.id == id }
        if holding.count > 1 { once = false }
        if let first = holding.first { links[id] = first.url }
        for bookmark in read where bookmark.id != id { ids[bookmark.url] = bookmark.id }
      }
      if once { return IDsBeforeCopies(links: links, ids: ids) }
      guard let parent = try? store.repository.commit(commit).parents.first else { break }
      commit = parent
    }
    return IDsBeforeCopies()
  }

  /// A finding when the store is in an older format than this holder-git writes.
  func formatFinding(into result: inout StoreInspection) {
    let found = store.settings.formatVersion
    let current = StoreSettings.currentFormatVersion
    guard found < current else { return }
    result.findings.append(
      CheckFinding(
        kind: .olderFormat, path: Layout.settings,
        message: Message(
          "the store is in format \(found), and this holder-git writes format \(current) (URLs in Unicode NFC, so a link typed in NFD is the same bookmark); run 'holder-git check --fix' to move the files whose path changed and mark the store as format \(current) (an older holder-git will then only read it)"
        ).english,
        isFixable: true))
    result.repairs.append(.upgradeFormat)
  }

  /// The settings of a store upgraded to the current format, stamped now.
  func upgradedSettings() -> StoreSettings {
    var upgraded = store.settings
    upgraded.formatVersion = StoreSettings.currentFormatVersion
    upgraded.lastModified = Timestamp.stamp(
      now: store.environment.now(), previous: store.settings.lastModified)
    return upgraded
  }
}
