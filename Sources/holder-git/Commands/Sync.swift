import ArgumentParser
import HolderCore
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git sync [REMOTE]`: the same bookmarks here and on the remote.
  struct Sync: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "sync",
        abstract: tr("Fetch, merge by lastModified, and push: the same bookmarks everywhere."),
        discussion: tr(
          """
          Hand edits are committed first. A bookmark changed on both sides is merged field by
          field; where both changed the same field, the later edit wins and the merge commit
          lists the other value, so nothing is lost. Nothing is ever force-pushed; when the
          remote cannot be reached, everything stays committed here for the next sync and the
          exit code is 5.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              git remote add origin /mnt/usb/bookmarks.git
              holder-git sync
              holder-git sync backup --allow-unrelated
              holder-git sync --dry-run
              holder-git sync --dry-run --json
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption
    @OptionGroup var output: OutputOptions

    @Argument(
      help: ArgumentHelp(
        tr("The remote (default: the one the branch tracks, else origin)."), valueName: "remote"),
      completion: .custom(Completions.remotes))
    var named: String?

    @Flag(help: ArgumentHelp(tr("Join a store with no history in common with this one.")))
    var allowUnrelated = false

    @Flag(
      help: ArgumentHelp(tr("Go on even when the sync deletes more than 20 % of the bookmarks.")))
    var allowMassDelete = false

    @Flag(
      help:
        ArgumentHelp(
          tr(
            "Fetch and show the plan (what is committed, sent, taken in, who wins); change nothing."
          )))
    var dryRun = false

    func run(_ store: Store) throws {
      let remote = named ?? store.defaultRemote()
      let report = try store.sync(
        SyncOptions(
          remote: remote, allowUnrelated: allowUnrelated, allowMassDelete: allowMassDelete,
          dryRun: dryRun))
      if output.json {
        Printer.problems(report.handEdits.problems)
        Printer.json(ReportJSON.node(of: report, remote: remote, dryRun: dryRun))
      } else if dryRun {
        printPlan(report, remote: remote)
      } else {
        printDone(report, remote: remote)
      }
      if let latest = report.datedAhead.max(by: { $0.lastModified < $1.lastModified }) {
        let when = TimeText.minute(latest.lastModified, offsetMinutes: 0)
        let title = TerminalText.oneLine(latest.title)
        Printer.message(
          tr(
            "warning: \(report.datedAhead.count) bookmarks came in dated in the future, up to \(when) UTC (\"\(title)\"): a clock on another machine is wrong; until then their changes win every conflict, and edits here are stamped no later than 10 minutes ahead of this clock"
          ))
      }
      // Exit 5, so a cron job notices; everything stays committed here.
      if let offline = report.offline {
        Printer.error(
          StoreError.sync(.unreachable(remote: remote, reason: TerminalText.oneLine(offline))))
        throw ExitCodes.unreachable
      }
    }

    /// A dry run's plan: every change the sync would commit, send and take in, every conflict
    /// it would settle, one line each on stdout, then the whole in one sentence.
    private func printPlan(_ report: SyncReport, remote: String) {
      Printer.message(tr("Plan (nothing changed):"))
      Printer.problems(report.handEdits.problems)
      let sections: [(String, [String])] = [
        (tr("would commit"), report.pendingHandEdits.map(ChangeSentence.text)),
        (tr("would send"), report.outgoing.map(ChangeSentence.text)),
        (tr("would take in"), report.incoming.map(ChangeSentence.text)),
        (tr("would settle"), report.resolutions.map { DecisionText.shown($0.summary) }),
      ]
      for (label, lines) in sections {
        for line in lines { Printer.out(label + ": " + TerminalText.oneLine(tr(said: line))) }
      }
      if report.kind == .unreachable { return }
      let pending = report.pendingHandEdits.count
      let sent = report.outgoing.count + pending
      var parts: [String] = []
      if pending > 0 {
        parts.append(
          tr(count: pending, one: "commit 1 hand edit", other: "commit \(pending) hand edits"))
      }
      if sent > 0 {
        parts.append(
          tr(
            count: sent, one: "send 1 change to '\(remote)'",
            other: "send \(sent) changes to '\(remote)'"))
      }
      let incoming = report.incoming.count
      if incoming > 0 && report.kind == .merged {
        parts.append(
          tr(
            count: incoming, one: "merge in 1 change from '\(remote)'",
            other: "merge in \(incoming) changes from '\(remote)'"))
      } else if incoming > 0 {
        parts.append(
          tr(
            count: incoming, one: "take in 1 change from '\(remote)'",
            other: "take in \(incoming) changes from '\(remote)'"))
      } else if report.kind == .merged {
        parts.append(tr("merge with '\(remote)'"))
      }
      let settled = report.resolutions.count
      if settled > 0 {
        parts.append(
          tr(count: settled, one: "settle 1 conflict", other: "settle \(settled) conflicts"))
      }
      guard let last = parts.popLast() else {
        Printer.message(tr("Already up to date with '\(remote)'"))
        return
      }
      let list = parts.isEmpty ? last : tr("\(parts.joined(separator: ", ")) and \(last)")
      Printer.message(tr("Would \(list)"))
    }

    private func printDone(_ report: SyncReport, remote: String) {
      Printer.problems(report.handEdits.problems)
      Printer.notes(report.handEdits.notes)
      if !report.handEdits.isEmpty {
        let count = report.handEdits.edited.count + report.handEdits.deleted.count
        Printer.message(
          tr(count: count, one: "Committed 1 hand edit", other: "Committed \(count) hand edits"))
      }
      for change in report.incoming {
        Printer.out(TerminalText.oneLine(ChangeSentence.text(change)))
      }
      for resolution in report.resolutions {
        Printer.message(tr("settled: \(DecisionText.shown(resolution.summary))"))
      }
      switch report.kind {
      case .upToDate: Printer.message(tr("Already up to date with '\(remote)'"))
      case .pushedOnly where report.pushed:
        Printer.message(tr("Sent local changes to '\(remote)'"))
      case .pushedOnly, .unreachable: break
      case .fastForward where report.incoming.isEmpty:
        // Commits that touch no bookmark (a plain git commit of another file, a merge).
        Printer.message(tr("Took in commits from '\(remote)' that change no bookmark"))
      case .fastForward:
        let count = report.incoming.count
        Printer.message(
          tr(
            count: count, one: "Took in 1 change from '\(remote)'",
            other: "Took in \(count) changes from '\(remote)'"))
      case .merged: Printer.message(tr("Merged with '\(remote)'"))
      }
    }
  }
}
