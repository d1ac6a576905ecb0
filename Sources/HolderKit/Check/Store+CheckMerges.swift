import HolderCore
import Localization

/// What `check` says about one URL saved in several files (two saves of one link, or a link
/// saved in NFD and NFC before URLs were composed) and about a store in an older format;
/// the repairs `check --fix` makes for them. Reads nothing but what `inspection()` read.
extension Store {
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
      let bookmark = BookmarkUnion.merged(
        sorted.compactMap { byPath[$0] }, now: environment.now())
      result.repairs.append(.merge(from: sorted, to: expected, bookmark: bookmark))
      result.bookmarks.append(LocatedBookmark(path: expected, bookmark: bookmark))
      merged.formUnion(sorted)
    }
    return merged
  }

  /// Findings for every id held by more than one readable file, and their new ids.
  ///
  /// The earliest created keeps it (then the one changed least lately: a copy made by hand is
  /// usually the one edited; `StoreMerge.idKeepingOrder`), and each other file is to get a new
  /// id derived from the id and its link, as a merge of the same files gives it, so that
  /// machines repairing the same copy agree. Returns those files' bookmarks with their new ids.
  func idFindings(
    files: [(path: String, bytes: [UInt8], bookmark: Bookmark)], into result: inout StoreInspection
  ) -> [String: Bookmark] {
    var renumbered: [String: Bookmark] = [:]
    let byID = Dictionary(grouping: files) { $0.bookmark.id }
    for (id, holders) in byID.sorted(by: { $0.key < $1.key }) where holders.count > 1 {
      let ordered = StoreMerge.idKeepingOrder(holders) { $0.bookmark }
      let keeper = ordered[0].path
      for (place, copy) in ordered.enumerated().dropFirst() {
        result.findings.append(
          CheckFinding(
            kind: .duplicateID, path: copy.path,
            message: Message(
              "'\(copy.path)' has the id of '\(keeper)', \(id.rawValue); run 'holder-git check --fix' to give it a new id"
            ).english,
            isFixable: true))
        var bookmark = copy.bookmark
        bookmark.id = StoreMerge.derivedID(id, url: copy.bookmark.url, place: place)
        renumbered[copy.path] = bookmark
      }
    }
    return renumbered
  }

  /// A finding when the store is in an older format than this holder-git writes.
  func formatFinding(into result: inout StoreInspection) {
    let found = settings.formatVersion
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
    var upgraded = settings
    upgraded.formatVersion = StoreSettings.currentFormatVersion
    upgraded.lastModified = Timestamp.stamp(now: environment.now(), previous: settings.lastModified)
    return upgraded
  }
}
