import ArgumentParser
import HolderCore
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git commit`: takes in hand edits.
  struct Commit: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "commit",
        abstract: tr("Commit bookmark files you edited by hand."),
        discussion: tr(
          """
          Each changed file is checked, stamped with a new lastModified when its content changed
          without one, rewritten in canonical form, and committed in a commit of its own. A file
          that cannot be read is reported with its line and column and left untouched. Files
          missing from the work tree are committed as deletions, but at least 20 and more than
          20 % of the bookmarks only with --allow-mass-delete.
          """)
          + "\n\n" + tr("Examples:") + "\n"
            + """
              $EDITOR bookmarks/g/github.com/swiftlang-swift-mfrggzdf.json
              holder-git commit
            """)
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption
    @OptionGroup var output: OutputOptions

    @Flag(
      help: ArgumentHelp(
        tr("Commit even when more than 20 % of the bookmark files are missing from the work tree."))
    )
    var allowMassDelete = false

    func run(_ store: Store) throws {
      let outcome = try store.commitHandEdits(allowMassDelete: allowMassDelete)
      if output.json { Printer.json(BookmarkJSON.node(of: outcome.edited, asArray: true)) }
      Printer.problems(outcome.problems)
      Printer.notes(outcome.notes)
      if outcome.isEmpty && outcome.movedBack.isEmpty {
        Printer.message(tr("No hand edits to commit"))
      }
      for located in outcome.movedBack {
        Printer.message(
          tr(
            "Put \"\(TerminalText.oneLine(located.bookmark.title))\" back at '\(located.path)', the path its URL gives; nothing else changed, so nothing was committed"
          ))
      }
      for located in outcome.edited {
        Printer.message(
          tr("Committed hand edit of \"\(TerminalText.oneLine(located.bookmark.title))\""))
      }
      for path in outcome.deleted { Printer.message(tr("Committed deletion of '\(path)'")) }
      if outcome.settingsEdited {
        Printer.message(tr("Committed hand edit of '.holder/store.json'"))
      }
      if !outcome.problems.isEmpty { throw ExitCode.failure }
    }
  }
}
