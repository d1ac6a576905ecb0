// `/sync` as markup: the status, the sync button (or how to add a remote), what the last
// sync did, the conflicts syncs settled with both sides, and the export links.
import HolderCore

/// What the sync page shows.
struct SyncView {
  /// The store's sync status.
  struct Status {
    var remote: String
    var remoteURL: String?
    var lastSync: String?
    var ahead: String
    var behind: String
    var handEdits: Int
  }

  /// What the sync just done did.
  struct Report {
    var kind: String
    var sent: String
    var incoming: [String]
    var resolutions: [String]
  }

  var error: String?
  var status: Status?
  var report: Report?
  var conflicts: [ConflictView]
}

extension PageFrame {
  func syncPage(_ view: SyncView) -> HTML {
    let status = view.status
    let remoteURL = status?.remoteURL
    let remote: HTML =
      remoteURL.map { url -> HTML in "\(status?.remote ?? "") (\(url))" } ?? t("none yet")
    let error = view.error.map { error -> HTML in
      "<p class=\"error\" role=\"alert\" data-test=\"sync-error\">\(error)</p>"
    }
    let action: HTML =
      remoteURL == nil
      ? """
        <p data-test="no-remote">\(t("This store has no remote to sync with yet. Add one in a terminal (a bare repository's path, or an ssh:// or https:// URL), then come back:")) <code>holder-git remote add origin URL</code></p>

      """
      : """
        <form method="post" action="/sync">
          <input type="hidden" name="_secret" value="\(secret)">
          <button type="submit" data-test="sync">\(t("Sync now"))</button>
        </form>

      """
    let report = view.report.map { report -> HTML in
      let resolutions = HTML.when(
        !report.resolutions.isEmpty,
        """
            <h2>\(t("Settled in this sync"))</h2>
            <ul data-test="resolutions">\(HTML.each(report.resolutions) { "<li>\($0)</li>" })</ul>

        """)
      return """
          <div class="report" role="status" data-test="sync-report">
            <p>\(report.kind) \(report.sent)</p>
            \(HTML.each(report.incoming) { "<p>\(t("In: \($0)"))</p>" })
        \(resolutions)  </div>

        """
    }
    let conflicts = HTML.when(!view.conflicts.isEmpty, conflictsSection(view.conflicts))
    let main: HTML = """
      <section class="sync">
        <h1>\(t("Sync"))</h1>
        \(error ?? .empty)
        <dl class="fields" data-test="sync-status">
          <dt>\(t("Remote"))</dt><dd data-test="remote">\(remote)</dd>
          <dt>\(t("Last sync"))</dt><dd>\(status?.lastSync ?? "")\(status?.lastSync == nil ? t("never") : .empty)</dd>
          <dt>\(t("Commits to send"))</dt><dd data-test="ahead">\(status?.ahead ?? "")</dd>
          <dt>\(t("Commits to take in"))</dt><dd data-test="behind">\(status?.behind ?? "")</dd>
          <dt>\(t("Hand edits not committed"))</dt><dd>\(status.map { HTML("\($0.handEdits)") } ?? .empty)</dd>
        </dl>
      \(action)\(report ?? .empty)\(conflicts)  <h2>\(t("Export"))</h2>
        <p>
          <a href="/export?format=netscape" data-test="export-html" download>\(t("Browser bookmark file (.html)"))</a> ·
          <a href="/export?format=json" download>JSON</a> ·
          <a href="/export?format=markdown" download>Markdown</a>
        </p>
      </section>

      """
    return layout(title: "\(t("Sync")) · holder-git", page: "sync", main: main)
  }

  private func conflictsSection(_ conflicts: [ConflictView]) -> HTML {
    let items = HTML.each(conflicts) { conflict -> HTML in
      let device = conflict.device.map { device -> HTML in
        "<span class=\"device\">\(t("on the device \(device)"))</span>"
      }
      let rows = HTML.each(conflict.rows) { row -> HTML in
        "<tr><th scope=\"row\">\(row.field)</th><td data-test=\"kept\">\(row.kept)</td><td data-test=\"lost\">\(row.lost)</td></tr>"
      }
      let table = HTML.when(
        !conflict.rows.isEmpty,
        """
                <table class="sides" data-test="conflict-sides">
                  <thead><tr><th scope="col">\(t("Field"))</th><th scope="col">\(t("Kept"))</th><th scope="col">\(t("The other side"))</th></tr></thead>
                  <tbody>\(rows)</tbody>
                </table>

        """)
      let restore = conflict.restore.map { restore -> HTML in
        """
                <form method="post" action="/sync/restore" class="inline">
                  <input type="hidden" name="_secret" value="\(secret)">
                  <input type="hidden" name="bookmark" value="\(restore.bookmark)">
                  <input type="hidden" name="revision" value="\(restore.revision)">
                  <input type="hidden" name="field" value="\(restore.field)">
                  <button type="submit" data-test="restore-other-side">\(t("Restore the other side"))</button>
                </form>

        """
      }
      let kept = conflict.keptID.map { id -> HTML in "<a href=\"/b/\(id)\">\(t("The bookmark"))</a>"
      }
      return """
              <li class="conflict" data-test="conflict">
                <p><time>\(conflict.time)</time> \(device ?? .empty) <span class="sentence">\(conflict.text)</span></p>
        \(table)\(restore ?? .empty)        \(kept ?? .empty)
              </li>

        """
    }
    return """
        <section class="conflicts" aria-labelledby="conflicts-heading">
          <h2 id="conflicts-heading">\(t("Conflicts settled, with both sides"))</h2>
          <p class="hint">\(t("Where both sides changed a bookmark, the later change was kept. Restore brings back the other side's version (a new change; the history keeps both)."))</p>
          <ul data-test="conflicts">
      \(items)    </ul>
        </section>

      """
  }
}
