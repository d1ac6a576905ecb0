import ArgumentParser
import HolderKit
import Localization

extension HolderGit {
  /// `holder-git tag delete TAG`.
  struct TagDelete: StoreCommand, QuietCommand {
    static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "delete",
        abstract: tr("Take a tag (and the tags under it) off every bookmark; the bookmarks stay."),
        discussion: tr("Examples:") + "\n"
          + """
            holder-git tag delete later
            holder-git tag delete dev/old             (\(tr("dev/old/x goes too; dev stays")))
          """,
        aliases: ["rm"])
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var quietOption: QuietOption
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp(tr("The tag to delete.")), completion: .custom(Completions.tags))
    var tag: String

    func run(_ store: Store) throws {
      let outcome = try store.deleteTag(tag)
      Printer.message(TerminalText.oneLine(tr(said: outcome.subject)))
      if output.json { Printer.json(BookmarkJSON.node(of: outcome.changed, asArray: true)) }
    }
  }
}
