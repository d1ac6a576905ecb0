// The small pages as markup: a message (what went wrong and what to do), "deleted" with its
// undo, the import page, and the import's report (a fragment the import page's script shows).
import HolderCore

/// What an import did or would do, as its report says it.
struct ImportReportView {
  var dryRun: Bool
  var added: Int
  var merged: Int
  var unchanged: Int
  /// What was skipped and why, in words; empty when nothing was.
  var skipped: String
  var notes: [String]
}

extension PageFrame {
  func messagePage(heading: String, text: String) -> HTML {
    let main: HTML = """
      <section class="message" data-test="message">
        <h1>\(heading)</h1>
        <p>\(text)</p>
        <p><a href="/">\(t("Back to the bookmarks"))</a></p>
      </section>

      """
    return layout(title: "\(heading) · holder-git", page: "message", main: main)
  }

  func deletedPage(id: String, title: String) -> HTML {
    let main: HTML = """
      <section class="deleted" role="status" data-test="deleted">
        <h1>\(t("Deleted “\(title)”"))</h1>
        <p>\(t("Its history stays in git."))</p>
        <form method="post" action="/b/\(id)/restore">
          <input type="hidden" name="_secret" value="\(secret)">
          <button type="submit" data-test="undo">\(t("Undo"))</button>
        </form>
        <p><a href="/">\(t("Back to the bookmarks"))</a></p>
      </section>

      """
    return layout(title: "\(t("Deleted")) · holder-git", page: "deleted", main: main)
  }

  func importPage() -> HTML {
    let command = "holder-git import FILE"
    let main: HTML = """
      <section class="import">
        <h1>\(t("Import"))</h1>
        <p>\(t("A browser's bookmark file (Firefox, Chrome, Safari: “Export bookmarks”), or JSON, JSON Lines or Markdown. You see what it would do first; nothing is saved until you confirm."))</p>
        <p><label for="import-file">\(t("File"))</label> <input id="import-file" type="file" data-test="import-file"></p>
        <p><button type="button" id="import-check" data-test="import-check">\(t("Check the file"))</button>
           <button type="button" id="import-commit" data-test="import-commit" hidden>\(t("Import it"))</button></p>
        <div id="import-report" role="status" aria-live="polite" data-test="import-report" data-choose="\(t("Choose a file first."))"></div>
        <noscript><p>\(t("Importing in the browser needs JavaScript; or run \(command)."))</p></noscript>
      </section>

      """
    return layout(title: "\(t("Import")) · holder-git", page: "import", main: main)
  }
}

extension ImportReportView {
  var html: HTML {
    let summary =
      dryRun
      ? t(
        "Would add \(added), would merge \(merged) into bookmarks saved already, \(unchanged) unchanged."
      )
      : t("Added \(added), merged \(merged) into bookmarks saved already, \(unchanged) unchanged.")
    let skipped = HTML.when(!self.skipped.isEmpty, " \(t("Skipped: \(self.skipped)."))")
    // The first line empty: where a failed import's paragraph stands (ImportReportView.failed).
    return """

      <p data-test="import-summary">\(summary)\(skipped)</p>
      \(HTML.each(notes) { "<p class=\"hint\">\($0)</p>" })

      """
  }

  /// The report of an import that failed.
  static func failed(_ error: String) -> HTML {
    return "<p class=\"error\" role=\"alert\" data-test=\"import-error\">\(error)</p>\n"
  }
}
