import HolderCore

/// `check` and `check --fix`: the two public entry points. What is wrong is found by
/// `inspection()` (bookmark files, what is committed) and `tagViewFindings` (the views);
/// the fix commits the file repairs, then repairs the links.
extension Store {
  /// Looks for everything that is wrong with the store, changing nothing.
  public func check() throws(StoreError) -> CheckReport {
    CheckReport(findings: try inspection().findings)
  }

  /// Repairs what can be repaired without losing anything, in one commit
  /// (`Repair the store`), and brings the tag views up to date.
  ///
  /// Broken files are never rewritten, and two files with one URL are left for a person to
  /// merge; both stay in `remaining`.
  public func checkAndFix() throws(StoreError) -> CheckReport {
    // Not `lockForWriting`: its repair of stale tag views would hide what check reports.
    let lock = try lock()
    try checkWritable()
    defer { withExtendedLifetime(lock) {} }
    let before = try inspection()
    var change = Change(message: "")
    var lines: [String] = []
    for repair in before.repairs {
      switch repair {
      case .rewrite(let from, let to, let bookmark):
        if from != to { change.removals.insert(from) }
        change.writes[to] = BookmarkCodec.encode(bookmark)
        lines.append(
          from == to ? "Rewrite '\(from)' in canonical form" : "Move '\(from)' to '\(to)'")
      case .uncommit(let path):
        change.removals.insert(path)
        lines.append("Remove '\(path)' from the commit (tags/ is never committed)")
      }
    }
    if !lines.isEmpty {
      change.message = "Repair the store\n\n" + lines.map { "- " + $0 }.joined(separator: "\n")
      try record(change)
    }
    let failures = repairTagViews(try inspection().viewRepairs)
    try recordTagViewsHead()
    let after = try inspection().findings
    let remaining = Set(after.map { "\($0.kind)\u{0}\($0.path)" })
    return CheckReport(
      findings: before.findings,
      fixed: before.findings.filter { !remaining.contains("\($0.kind)\u{0}\($0.path)") },
      remaining: after.map { Store.unrepaired($0, failures: failures) })
  }

  /// A finding `--fix` was to repair and did not, saying why instead of to run `--fix`, so the
  /// fix never ends in failure without a reason.
  static func unrepaired(_ finding: CheckFinding, failures: [String: String]) -> CheckFinding {
    guard finding.isFixable else { return finding }
    var unrepaired = finding
    // What is wrong, without the advice to run --fix that follows it.
    let what =
      finding.message.range(of: "; run 'holder-git check --fix'").map {
        String(finding.message[..<$0.lowerBound])
      } ?? finding.message
    let why = failures[finding.path] ?? "it is still there after the repair"
    unrepaired.message =
      what + "; check --fix could not repair it (\(why)): see to that, then run 'holder-git "
      + "check --fix' again"
    unrepaired.isFixable = false
    return unrepaired
  }
}
