import HolderCore
import HolderKit

/// The `--json` shape of `check`: `{"findings": [...], "fixed": [...], "remaining": [...]}`,
/// each finding `{"kind", "path", "message", "fixable"}`, and `"nearDuplicates"`: groups, each
/// `{"differences": [...], "bookmarks": [{"url", "path"}, ...]}`.
enum CheckJSON {
  static func node(of report: CheckReport, fixed: Bool) -> CanonicalWriter.Node {
    var members: [(key: String, value: CanonicalWriter.Node)] = [
      (key: "findings", value: .array(report.findings.map(node)))
    ]
    if fixed {
      members.append((key: "fixed", value: .array(report.fixed.map(node))))
      members.append((key: "remaining", value: .array(report.remaining.map(node))))
    }
    members.append((key: "nearDuplicates", value: .array(report.nearDuplicates.map(node))))
    return .object(known: members, extra: [:])
  }

  private static func node(_ group: [LocatedBookmark]) -> CanonicalWriter.Node {
    let differences = NearDuplicate.differences(among: group.map(\.bookmark.url))
    return .object(
      known: [
        (key: "differences", value: .array(differences.map { .value(.string($0.rawValue)) })),
        (
          key: "bookmarks",
          value: .array(
            group.map {
              .object(
                known: [
                  (key: "url", value: .value(.string($0.bookmark.url))),
                  (key: "path", value: .value(.string($0.path))),
                ], extra: [:])
            })
        ),
      ], extra: [:])
  }

  private static func node(_ finding: CheckFinding) -> CanonicalWriter.Node {
    .object(
      known: [
        (key: "kind", value: .value(.string(finding.kind.rawValue))),
        (key: "path", value: .value(.string(finding.path))),
        (key: "message", value: .value(.string(finding.message))),
        (key: "fixable", value: .value(.bool(finding.isFixable))),
      ], extra: [:])
  }
}
