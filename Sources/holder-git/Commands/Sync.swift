import ArgumentParser
import HolderCore
import HolderKit

extension HolderGit {
  /// `holder-git sync [REMOTE]`: the same bookmarks here and on the remote.
  struct Sync: StoreCommand {
    static let configuration = CommandConfiguration(
      abstract: "Fetch, merge by lastModified, and push: the same bookmarks everywhere.",
      discussion: """
        Hand edits are committed first. A bookmark changed on both sides is merged field by
        field; where both changed the same field, the later edit wins and the merge commit
        lists the other value, so nothing is lost. Nothing is ever force-pushed; when the
        remote cannot be reached, everything stays committed here for the next sync and the
        exit code is 5.

        Examples:
          git remote add origin /mnt/usb/bookmarks.git
          holder-git sync
          holder-git sync backup --allow-unrelated
          holder-git sync --dry-run
        """)

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The remote (default: origin).")
    var remote = "origin"

    @Flag(help: "Join a store with no history in common with this one.")
    var allowUnrelated = false

    @Flag(help: "Go on even when the sync deletes more than 20 % of the bookmarks.")
    var allowMassDelete = false

    @Flag(
      help:
        "Fetch and show the plan (what is committed, sent, taken in, who wins); change nothing.")
    var dryRun = false

    func run(_ store: Store) throws {
      let report = try store.sync(
        SyncOptions(
          remote: remote, allowUnrelated: allowUnrelated, allowMassDelete: allowMassDelete,
          dryRun: dryRun))
      if dryRun {
        printPlan(report)
      } else {
        printDone(report)
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
    private func printPlan(_ report: SyncReport) {
      Printer.message("Plan (nothing changed):")
      Printer.problems(report.handEdits.problems)
      let sections: [(String, [String])] = [
        ("would commit", report.pendingHandEdits.map(\.sentence)),
        ("would send", report.outgoing.map(\.sentence)),
        ("would take in", report.incoming.map(\.sentence)),
        ("would settle", report.resolutions.map(\.summary)),
      ]
      for (label, lines) in sections {
        for line in lines { Printer.out(label + ": " + TerminalText.oneLine(line)) }
      }
      if report.kind == .unreachable { return }
      let pending = report.pendingHandEdits.count
      let sent = report.outgoing.count + pending
      var parts: [String] = []
      if pending > 0 { parts.append("commit " + counted(pending, "hand edit")) }
      if sent > 0 { parts.append("send \(counted(sent, "change")) to '\(remote)'") }
      if !report.incoming.isEmpty {
        let verb = report.kind == .merged ? "merge in" : "take in"
        parts.append("\(verb) \(counted(report.incoming.count, "change")) from '\(remote)'")
      } else if report.kind == .merged {
        parts.append("merge with '\(remote)'")
      }
      if !report.resolutions.isEmpty {
        parts.append("settle " + counted(report.resolutions.count, "conflict"))
      }
      guard let last = parts.popLast() else {
        Printer.message("Already up to date with '\(remote)'")
        return
      }
      let list = parts.isEmpty ? last : parts.joined(separator: ", ") + " and " + last
      Printer.message("Would " + list)
    }

    private func printDone(_ report: SyncReport) {
      Printer.problems(report.handEdits.problems)
      Printer.notes(report.handEdits.notes)
      if !report.handEdits.isEmpty {
        let count = report.handEdits.edited.count + report.handEdits.deleted.count
        Printer.message("Committed " + counted(count, "hand edit"))
      }
      for change in report.incoming { Printer.out(TerminalText.oneLine(change.sentence)) }
      for resolution in report.resolutions {
        Printer.message("settled: " + TerminalText.oneLine(resolution.summary))
      }
      switch report.kind {
      case .upToDate: Printer.message("Already up to date with '\(remote)'")
      case .pushedOnly where report.pushed: Printer.message("Sent local changes to '\(remote)'")
      case .pushedOnly, .unreachable: break
      case .fastForward:
        Printer.message("Took in \(counted(report.incoming.count, "change")) from '\(remote)'")
      case .merged: Printer.message("Merged with '\(remote)'")
      }
    }
  }
}
