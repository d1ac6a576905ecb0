import ArgumentParser
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git status`: where the store stands, without contacting the remote.
  struct Status: StoreCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "status",
        abstract: tr("Show changes waiting to sync and uncommitted hand edits."),
        discussion: tr(
          """
          Ahead and behind count commits as of the last sync or fetch; the remote is not
          contacted.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              holder-git status
              holder-git status backup
              holder-git status --json
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Argument(
      help: ArgumentHelp(
        tr("The remote (default: the one the branch tracks, else origin)."), valueName: "remote"),
      completion: .custom(Completions.remotes))
    var named: String?

    var access: Store.Access { .read }
    var reportsInterruptedOperation: Bool { true }

    func run(_ store: Store) throws {
      let remote = named ?? store.defaultRemote()
      let status = try store.status(remote: remote)
      Printer.problems(status.problems)
      if output.json {
        Printer.json(ReportJSON.node(of: status))
        return
      }
      if let branch = status.branch {
        Printer.out(tr("On branch \(branch)"))
      } else {
        Printer.out(tr("On no branch"))
      }
      if let ahead = status.ahead, let behind = status.behind {
        Printer.out(
          ahead == 1
            ? tr("1 commit to send to '\(remote)', \(behind) to take in")
            : tr("\(ahead) commits to send to '\(remote)', \(behind) to take in"))
      } else {
        Printer.out(tr("Never synced with '\(remote)'"))
      }
      if let last = status.lastSync { Printer.out(tr("Last sync: \(TimeText.moment(last))")) }
      if let operation = status.operationUnderWay {
        let shown = TerminalText.oneLine(tr(said: operation))
        Printer.out(
          tr("Operation under way or interrupted: \(shown) (the next writing command finishes it)"))
      }
      if status.handEdits.isEmpty {
        Printer.out(tr("No uncommitted hand edits"))
      } else {
        Printer.out(tr("Hand edits not committed yet (holder-git commit takes them in):"))
        for change in status.handEdits {
          Printer.out("  " + TerminalText.oneLine(ChangeSentence.text(change)))
        }
      }
    }
  }
}
