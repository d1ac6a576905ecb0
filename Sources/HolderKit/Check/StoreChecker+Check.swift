import Git
import HolderCore
import Localization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

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

  /// See `Store.check`.
  func check() throws(StoreError) -> CheckReport {
    let inspection = try inspection()
    return CheckReport(
      findings: inspection.findings, nearDuplicates: StoreChecker.nearDuplicates(in: inspection))
  }

  /// See `Store.checkAndFix`.
  func checkAndFix() throws(StoreError) -> CheckReport {
    // Stale tag views are not rebuilt first: that would hide what check reports.
    try store.withTransaction(.repair) { (transaction) throws(StoreError) -> CheckReport in
      // Edits saved in place of a tag view's link go into their bookmarks' own files first, so
      // the repairs below see them (and never replace them with links).
      let found = try inspection().findings.filter {
        $0.kind == .tagViewEdited && $0.isFixable
      }
      _ = try store.tagViewUpkeep.takeInTagFileEdits()
      var before = try inspection()
      before.findings = found + before.findings
      var change = Change(message: "")
      var lines: [String] = []
      var upgraded: StoreSettings?
      for repair in before.repairs {
        switch repair {
        case .rewrite(let from, let to, let bookmark, let newID):
          if from != to { change.removals.insert(from) }
          change.writes[to] = BookmarkCodec.encode(bookmark)
          if from != to {
            lines.append("Move '\(from)' to '\(to)'")
          } else if !newID {
            lines.append("Rewrite '\(from)' in canonical form")
          }
          if newID { lines.append("Give '\(to)' a new id, \(bookmark.id.rawValue)") }
        case .uncommit(let path):
          change.removals.insert(path)
          lines.append("Remove '\(path)' from the commit (tags/ is never committed)")
        case .merge(let from, let to, let bookmark):
          change.removals.formUnion(from.filter { $0 != to })
          change.writes[to] = BookmarkCodec.encode(bookmark)
          lines.append(
            "Merge \(from.map { "'\($0)'" }.joined(separator: " and ")) into '\(to)' (one URL)")
        case .removeCopy(let path):
          change.removals.insert(path)
          lines.append("Remove '\(path)', an older copy of a bookmark deleted since")
        case .upgradeFormat:
          let settings = upgradedSettings()
          upgraded = settings
          change.writes[Layout.settings] = StoreSettingsCodec.encode(settings)
          lines.append("Mark the store as format \(StoreSettings.currentFormatVersion)")
        }
      }
      if !lines.isEmpty {
        change.message =
          Message("Repair the store").english + "\n\n"
          + lines.map { "- " + $0 }.joined(separator: "\n")
        try transaction.record(change)
        if let upgraded { store.settings = upgraded }
      }
      let failures = try transaction.repairTagViews(try inspection().viewRepairs)
      let inspected = try inspection()
      let after = inspected.findings
      let remaining = Set(after.map { "\($0.kind)\u{0}\($0.path)" })
      return CheckReport(
        findings: before.findings,
        fixed: before.findings.filter { !remaining.contains("\($0.kind)\u{0}\($0.path)") },
        remaining: after.map { StoreChecker.unrepaired($0, failures: failures) },
        nearDuplicates: StoreChecker.nearDuplicates(in: inspected))
    }
  }
}
