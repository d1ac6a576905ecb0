import HolderCore
import HolderKit
import Localization

/// The import report for people: counts per outcome, skipped lines with their reasons.
enum ImportText {
  static func print(_ report: ImportReport, verbose: Bool) {
    if verbose {
      for line in report.lines {
        let url = TerminalText.oneLine(line.url)
        // Not one message: "%@ %@" is the catalog's "N things", which would count the word.
        var text = "\(line.line): \(outcome(line.outcome)) \(url)"
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
    printWarnings(report.warnings, verbose: verbose)
  }

  /// Warnings shown without `--verbose`; a file with a bad date on every line would
  /// otherwise bury the summary.
  static let shownWarnings = 20

  /// The warnings under a heading that counts them, one line each with the entry's line.
  private static func printWarnings(_ warnings: [ImportWarning], verbose: Bool) {
    guard !warnings.isEmpty else { return }
    Printer.message(
      tr(
        count: warnings.count,
        one: "1 warning (read, with something left out or replaced):",
        other: "\(warnings.count) warnings (read, with something left out or replaced):"))
    let shown = verbose ? warnings[...] : warnings.prefix(shownWarnings)
    for warning in shown {
      Printer.message(
        "  \(warning.line): \(TerminalText.oneLine(warning.url)): "
          + TerminalText.oneLine(tr(said: warning.message)))
    }
    if shown.count < warnings.count {
      let more = warnings.count - shown.count
      Printer.message(tr("  … and \(more) more (--verbose lists them all)"))
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
