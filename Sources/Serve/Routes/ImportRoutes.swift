// `/import`: a browser's bookmark file (or JSON, JSON Lines, Markdown) is checked first (the
// dry run's report: how many would be added, merged, skipped and why), then imported on a
// second click. The page's script posts the file's bytes with the secret in a header.
import HolderCore
import HolderKit
import Hummingbird
import Localization

extension App {
  /// An import file larger than this is refused (a browser's export of 100k bookmarks is
  /// about 30 MB).
  static let importLimit = 64 << 20

  func addImportRoutes(to router: Router<AppRequestContext>) {
    router.get("/import") { _, _ in self.pages.html(await self.base().importPage()) }
    router.post("/import") { request, _ in
      var request = request
      let fields = FormFields(query: request.uri.query ?? "")
      let dryRun = fields["commit"] != "1"
      let body = try await request.collectBody(upTo: App.importLimit)
      let bytes = Array(buffer: body)
      do {
        let report = try await self.library.importFile(
          bytes, name: fields["name"] ?? Reader.text(Message("the uploaded file")),
          dryRun: dryRun)
        return self.pages.html(App.reportView(report).html)
      } catch {
        return self.pages.html(
          ImportReportView.failed(App.describe(error)), status: .badRequest)
      }
    }
  }

  static func reportView(_ report: ImportReport) -> ImportReportView {
    let skipped = report.skippedByReason.sorted { $0.key < $1.key }
      .map { Reader.text(Message("\($0.value) \(reason($0.key))")) }
    return ImportReportView(
      dryRun: report.dryRun, added: report.added, merged: report.merged,
      unchanged: report.unchanged, skipped: skipped.joined(separator: ", "),
      notes: report.tagNotes.map(Reader.said))
  }

  /// A skip reason's code in words, as `holder-git import` says it.
  static func reason(_ code: String) -> String {
    switch code {
    case "browser-internal": Reader.text(Message("browser-internal"))
    case "invalid-url": Reader.text(Message("invalid URL"))
    case "deleted": Reader.text(Message("deleted"))
    case "duplicate": Reader.text(Message("duplicate"))
    case "unreadable": Reader.text(Message("unreadable"))
    case "invalid-tag": Reader.text(Message("invalid tag"))
    case "over-limit": Reader.text(Message("too large"))
    default: code
    }
  }
}
