import Foundation
import Git
import HolderCore
import Localization

// The store's verbs of checking; the work is `StoreChecker`'s.

extension Store {
  /// Looks for everything that is wrong with the store, changing nothing.
  public func check() throws(StoreError) -> CheckReport {
    let inspection = try checker.inspection()
    return CheckReport(
      findings: inspection.findings, nearDuplicates: StoreChecker.nearDuplicates(in: inspection))
  }

  /// Repairs what can be repaired without losing anything, in one commit
  /// (`Repair the store`), and brings the tag views up to date.
  ///
  /// Broken files are never rewritten (they stay in `remaining`); two files with one URL are
  /// merged as `dedupe` merges (`BookmarkUnion`); a store in an older format has its files
  /// moved to the paths this version gives and is marked with the current format.
  public func checkAndFix() throws(StoreError) -> CheckReport {
    // Stale tag views are not rebuilt first: that would hide what check reports.
    try withTransaction(.repair) { (transaction) throws(StoreError) -> CheckReport in
      // Edits saved in place of a tag view's link go into their bookmarks' own files first, so
      // the repairs below see them (and never replace them with links).
      let found = try checker.inspection().findings.filter {
        $0.kind == .tagViewEdited && $0.isFixable
      }
      _ = try tagViewUpkeep.takeInTagFileEdits()
      var before = try checker.inspection()
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
          let settings = checker.upgradedSettings()
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
        if let upgraded { settings = upgraded }
      }
      let failures = try transaction.repairTagViews(try checker.inspection().viewRepairs)
      let inspected = try checker.inspection()
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
