import HolderCore
import HolderKit

/// The import report for people: counts per outcome, skipped lines with their reasons.
enum ImportText {
  static func print(_ report: ImportReport, verbose: Bool) {
    if verbose {
      for line in report.lines {
        var text = "\(line.line): \(line.outcome.word) " + TerminalText.oneLine(line.url)
        if case .skipped(let reason) = line.outcome { text += " (\(reason.description))" }
        Printer.message(text)
      }
    }
    let reasons = report.skippedByReason.sorted { $0.key < $1.key }
      .map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    let skipped = "\(report.skipped.count) skipped" + (reasons.isEmpty ? "" : " (\(reasons))")
    let verb = report.dryRun ? "Would import" : "Imported"
    Printer.message(
      "\(verb) \(report.format.rawValue) file: \(report.added) added, \(report.merged) merged, "
        + "\(report.unchanged) unchanged, \(skipped)")
    if let deleted = report.skippedByReason[ImportSkipReason.deleted.code] {
      // After an `undo` of an import the same file finds its URLs in the history as deleted.
      Printer.message(
        "\(deleted) \(deleted == 1 ? "URL was" : "URLs were") deleted from the store since "
          + "(by remove or undo) and not brought back; --include-deleted brings "
          + (deleted == 1 ? "it" : "them") + " back")
    }
    if !verbose && !report.skipped.isEmpty {
      Printer.message("(--verbose lists every skipped entry with its reason)")
    }
  }
}
