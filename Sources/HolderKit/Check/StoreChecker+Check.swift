import HolderCore
import Localization

/// `check` and `check --fix`: the two public entry points. What is wrong is found by
/// `inspection()` (bookmark files, what is committed) and `tagViewFindings` (the views);
/// the fix commits the file repairs, then repairs the links.
extension StoreChecker {
  /// The groups of near-duplicates among the readable bookmarks, each earliest created first
  /// (the one `dedupe` keeps), the groups in the order of their first bookmark.
  static func nearDuplicates(in inspection: StoreInspection) -> [[LocatedBookmark]] {
    let bookmarks = inspection.bookmarks.sorted {
      $0.bookmark.created != $1.bookmark.created
        ? $0.bookmark.created < $1.bookmark.created : $0.path < $1.path
    }
    return NearDuplicate.groups(bookmarks.map(\.bookmark.url)).map { $0.map { bookmarks[$0] } }
  }

  /// A finding `--fix` was to repair and did not, saying why, so the fix never ends in
  /// failure without a reason.
  ///
  /// The finding's own sentence stays whole (it is one of the catalog's, so it is shown in the
  /// reader's language), its advice to run `--fix` followed by why that did not help.
  static func unrepaired(_ finding: CheckFinding, failures: [String: String]) -> CheckFinding {
    guard finding.isFixable else { return finding }
    var unrepaired = finding
    let why = failures[finding.path] ?? Message("it is still there after the repair").english
    unrepaired.message =
      Message(
        "\(finding.message) — check --fix could not repair it (\(why)): see to that, then run it again"
      ).english
    unrepaired.isFixable = false
    return unrepaired
  }
}
