import ArgumentParser
import HolderCore
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git conflicts`: what syncs decided automatically, and how to take it back.
  struct Conflicts: StoreCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "conflicts",
        abstract: tr(
          "List the conflicts syncs settled, with the value that lost and how to restore it."),
        discussion: tr("Examples:") + "\n"
          + """
            holder-git conflicts
            holder-git conflicts --since 2026-11-01
            holder-git conflicts --json
          """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Option(
      help: ArgumentHelp(
        tr("Only conflicts settled on or after this date (as log --since takes it)."),
        discussion: tr("For example \(DateArgument.forms)."), valueName: "date"))
    var since: String?

    func validate() throws {
      try DateArgument.validate(since)
    }

    var access: Store.Access { .read }

    func run(_ store: Store) throws {
      let recorded = try store.conflicts(since: since.flatMap(DateArgument.timestamp))
      if output.json {
        Printer.json(ReportJSON.node(of: recorded))
        return
      }
      if recorded.isEmpty { Printer.message(tr("No conflicts were settled")) }
      for item in recorded {
        let when = TimeText.minute(item.time, offsetMinutes: 0)
        Printer.out(when + "  " + (item.device ?? "-") + "  " + DecisionText.shown(item.text))
        if let command = item.restoreCommand {
          Printer.out(tr("    to restore the other value: \(command)"))
        }
      }
    }
  }
}
