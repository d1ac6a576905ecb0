// `/sync` (a button and the status: last sync, commits to send and to take in, hand edits not
// committed; after a sync, what came in and went out; the conflicts syncs settled, each with
// both sides and the restore of the one that lost) and `/export` (a download in any format
// `holder-git export` writes).
import HolderCore
import HolderKit
import Hummingbird
import Localization

extension App {
  /// The newest settled conflicts the sync page lists (`holder-git conflicts` lists all).
  static let conflictsShown = 20

  func addSyncRoutes(to router: Router<AppRequestContext>) {
    router.get("/sync") { request, _ in
      let fields = FormFields(query: request.uri.query ?? "")
      return await self.syncPage(report: nil, error: nil, flash: fields["done"])
    }
    // The losing side of a settled conflict, brought back as `holder-git restore ID --at
    // MERGE^N [--field F]` brings it back (a new commit; the bookmark's history keeps both):
    // the one field the decision was about, when it was about one.
    router.post("/sync/restore") { request, _ in
      var request = request
      let fields = try await FormFields.read(&request)
      do {
        let field = fields["field"].flatMap { $0.isEmpty ? nil : $0 }
        let restored = try await self.library.restore(
          fields["bookmark"] ?? "", revision: fields["revision"] ?? "", field: field)
        let title = restored.bookmark.title
        let done = Reader.text(
          field.map { Message("Restored the \($0) of “\(title)” as the other side had it") }
            ?? Message("Restored “\(title)” as the other side had it"))
        return App.seeOther("/sync?done=" + QueryText.encode(done))
      } catch { return await self.syncPage(report: nil, error: App.describe(error)) }
    }
    router.post("/sync") { _, _ in
      do {
        let report = try await self.library.sync()
        return await self.syncPage(report: report, error: nil)
      } catch {
        return await self.syncPage(report: nil, error: App.describe(error))
      }
    }
    router.get("/export") { request, _ in
      let fields = FormFields(query: request.uri.query ?? "")
      let format = fields["format"].flatMap(ExportFormat.init(rawValue:)) ?? .netscape
      let name = [
        "netscape": "html", "json": "json", "jsonl": "jsonl", "markdown": "md", "xbel": "xbel",
      ]
      do {
        let bytes = try await self.library.export(ExportSelection(), as: format)
        var response = Response(
          status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        response.headers[.contentType] =
          format == .netscape ? "text/html; charset=utf-8" : "application/octet-stream"
        response.headers[.contentDisposition] =
          "attachment; filename=\"bookmarks.\(name[format.rawValue] ?? "txt")\""
        return response
      } catch {
        return await self.message(
          Message("Not exported"), App.describe(error), status: .internalServerError)
      }
    }
  }

  func syncPage(report: SyncReport?, error: String?, flash: String? = nil) async -> Response {
    let frame = await base(flash: flash)
    var view = SyncView(error: error, conflicts: [])
    if let status = try? await library.status() {
      let unknown = Reader.text(Message("unknown (never synced)"))
      view.status = SyncView.Status(
        remote: status.remote,
        // A new store has no remote: the page says how to add one instead of offering a sync
        // that can only fail.
        remoteURL: await library.remoteURL(status.remote),
        lastSync: status.lastSync.map { Reader.time($0) },
        ahead: status.ahead.map(String.init) ?? unknown,
        behind: status.behind.map(String.init) ?? unknown,
        handEdits: status.handEdits.count)
    }
    if let report {
      let kind: String
      switch report.kind {
      case .upToDate: kind = Reader.text(Message("Already up to date."))
      case .pushedOnly: kind = Reader.text(Message("Sent your changes."))
      case .fastForward: kind = Reader.text(Message("Took in the remote's changes."))
      case .merged: kind = Reader.text(Message("Merged the remote's changes with yours."))
      case .unreachable:
        let reason = Reader.said(report.offline ?? "")
        kind = Reader.text(Message("The remote could not be reached: \(reason)"))
      }
      // Only a dry run lists the changes it would send, so the page says that a merge went
      // out, not a count it does not have ("Sent 0 changes" after every merge).
      let sentMerge = report.kind == .merged && report.pushed
      view.report = SyncView.Report(
        kind: kind, sent: sentMerge ? Reader.text(Message("Sent your changes.")) : "",
        incoming: report.incoming.map { Reader.said($0.readable.sentence) },
        resolutions: report.resolutions.map { Reader.decision($0.summary) })
    }
    // A history that cannot be read is said, not shown as a store without conflicts.
    var conflicts: [RecordedResolution] = []
    do {
      conflicts = try await library.conflicts(limit: App.conflictsShown)
    } catch let problem {
      view.error = [error, App.describe(problem)].compactMap { $0 }.joined(separator: " ")
    }
    view.conflicts = conflicts.map(ConflictView.init)
    return pages.html(frame.syncPage(view))
  }
}
