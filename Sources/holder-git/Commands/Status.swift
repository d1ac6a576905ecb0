import ArgumentParser
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git status`: where the store stands, without contacting the remote.
  struct Status: StoreCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        abstract: tr("Show changes waiting to sync and uncommitted hand edits."),
        discussion: """
          Ahead and behind count commits as of the last sync or fetch; the remote is not
          contacted.

          Examples:
            holder-git status
            holder-git status backup
          """)
    }

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The remote (default: origin).")
    var remote = "origin"

    func run(_ store: Store) throws {
      let status = try store.status(remote: remote)
      Printer.problems(status.problems)
      Printer.out("On branch \(status.branch ?? "(none)")")
      if let ahead = status.ahead, let behind = status.behind {
        Printer.out("\(counted(ahead, "commit")) to send to '\(remote)', \(behind) to take in")
      } else {
        Printer.out("Never synced with '\(remote)'")
      }
      if let last = status.lastSync { Printer.out("Last sync: \(last.rfc3339)") }
      if let operation = status.operationUnderWay {
        Printer.out(
          "Operation under way or interrupted: " + TerminalText.oneLine(operation)
            + " (the next writing command finishes it)")
      }
      if status.handEdits.isEmpty {
        Printer.out("No uncommitted hand edits")
      } else {
        Printer.out("Hand edits not committed yet (holder-git commit takes them in):")
        for change in status.handEdits {
          Printer.out("  " + TerminalText.oneLine(ChangeSentence.text(change)))
        }
      }
    }
  }
}
