import HolderCore
import HolderKit
import Localization

/// The import report for people: counts per outcome, skipped lines with their reasons.
enum ImportText {
  static func print(_ report: ImportReport, verbose: Bool) {
    if verbose {
      for line in report.lines {
        let url = TerminalText.oneLine(line.url)
        var text = "\(line.line): " + tr("\(outcome(line.outcome)) \(url)")
        if case .skipped(let reason) = line.outcome {
          text += " (" + tr(said: reason.description) + ")"
        }
        Printer.message(text)
      }
    }
    let reasons = report.skippedByReason.sorted { $0.key < $1.key }
      .map { tr("\($0.value) \(reason($0.key))") }.joined(separator: ", ")
    let skipped = report.skipped.count
    let skippedText =
      reasons.isEmpty ? tr("\(skipped) skipped") : tr("\(skipped) skipped (\(reasons))")
    let (format, added, merged, unchanged) = (
      report.format.rawValue, report.added, report.merged, report.unchanged
    )
    Printer.message(
      report.dryRun
        ? tr(
          "Would import \(format) file: \(added) added, \(merged) merged, \(unchanged) unchanged, \(skippedText)"
        )
        : tr(
          "Imported \(format) file: \(added) added, \(merged) merged, \(unchanged) unchanged, \(skippedText)"
        ))
    if let deleted = report.skippedByReason[ImportSkipReason.deleted.code] {
      // After an `undo` of an import the same file finds its URLs in the history as deleted.
      Printer.message(
        tr(
          count: deleted,
          one:
            "1 URL was deleted from the store since (by remove or undo) and not brought back; --include-deleted brings it back",
          other:
            "\(deleted) URLs were deleted from the store since (by remove or undo) and not brought back; --include-deleted brings them back"
        ))
    }
    if !verbose && !report.skipped.isEmpty {
      Printer.message(tr("(--verbose lists every skipped entry with its reason)"))
    }
  }

  /// An outcome's word; `--json` keeps the English one.
  private static func outcome(_ outcome: ImportOutcome) -> String {
    switch outcome {
    case .added: tr("added")
    case .merged: tr("merged")
    case .unchanged: tr("unchanged")
    case .skipped: tr("skipped")
    }
  }

  /// A skip reason's code (`browser-internal`) in words; `--json` keeps the code.
  private static func reason(_ code: String) -> String {
    switch code {
    case "browser-internal": tr("browser-internal")
    case "invalid-url": tr("invalid URL")
    case "deleted": tr("deleted")
    case "duplicate": tr("duplicate")
    case "unreadable": tr("unreadable")
    case "invalid-tag": tr("invalid tag")
    case "over-limit": tr("too large")
    default: code
    }
  }
}
