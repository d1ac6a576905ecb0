import HolderCore
import HolderKit

/// The `--json` shape of `check`: `{"findings": [...], "fixed": [...], "remaining": [...]}`,
/// each finding `{"kind", "path", "message", "fixable"}`.
enum CheckJSON {
  static func text(of report: CheckReport, fixed: Bool) -> String {
    var members: [(key: String, value: CanonicalWriter.Node)] = [
      (key: "findings", value: .array(report.findings.map(node)))
    ]
    if fixed {
      members.append((key: "fixed", value: .array(report.fixed.map(node))))
      members.append((key: "remaining", value: .array(report.remaining.map(node))))
    }
    var bytes = CanonicalWriter.document(.object(known: members, extra: [:]))
    if bytes.last == 0x0A { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
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
