import HolderCore
import HolderKit

/// The `--json` shape of an import report:
/// `{"format", "dryRun", "commit", "added", "merged", "unchanged", "skipped",
///   "entries": [{"line", "url", "outcome", "path", "reason", "reasonCode"}],
///   "warnings": [{"line", "url", "message"}]}`.
enum ImportJSON {
  static func node(of report: ImportReport) -> CanonicalWriter.Node {
    let entries = report.lines.map { line -> CanonicalWriter.Node in
      var known: [(key: String, value: CanonicalWriter.Node)] = [
        (key: "line", value: .value(.number(String(line.line)))),
        (key: "url", value: .value(.string(line.url))),
        (key: "outcome", value: .value(.string(line.outcome.word))),
      ]
      if let path = line.path { known.append((key: "path", value: .value(.string(path)))) }
      if case .skipped(let reason) = line.outcome {
        known.append((key: "reason", value: .value(.string(reason.description))))
        known.append((key: "reasonCode", value: .value(.string(reason.code))))
      }
      return .object(known: known, extra: [:])
    }
    return .object(
      known: [
        (key: "format", value: .value(.string(report.format.rawValue))),
        (key: "dryRun", value: .value(.bool(report.dryRun))),
        (key: "commit", value: .value(report.commit.map { .string($0) } ?? .null)),
        (key: "added", value: .value(.number(String(report.added)))),
        (key: "merged", value: .value(.number(String(report.merged)))),
        (key: "unchanged", value: .value(.number(String(report.unchanged)))),
        (key: "skipped", value: .value(.number(String(report.skipped.count)))),
        (key: "entries", value: .array(entries)),
        (key: "warnings", value: .array(report.warnings.map { node(of: $0) })),
      ], extra: [:])
  }

  private static func node(of warning: ImportWarning) -> CanonicalWriter.Node {
    .object(
      known: [
        (key: "line", value: .value(.number(String(warning.line)))),
        (key: "url", value: .value(.string(warning.url))),
        (key: "message", value: .value(.string(warning.message))),
      ], extra: [:])
  }
}
